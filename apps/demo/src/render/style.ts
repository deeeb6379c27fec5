/** Text decorations; every one is the identity when colour is off. */
export interface Style {
  readonly bold: (text: string) => string;
  readonly dim: (text: string) => string;
  readonly green: (text: string) => string;
  readonly red: (text: string) => string;
  readonly yellow: (text: string) => string;
  readonly cyan: (text: string) => string;
}

const wrap = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;

export function createStyle(color: boolean): Style {
  if (!color) {
    const plain = (text: string) => text;
    return { bold: plain, dim: plain, green: plain, red: plain, yellow: plain, cyan: plain };
  }
  return {
    bold: wrap(1, 22),
    dim: wrap(2, 22),
    green: wrap(32, 39),
    red: wrap(31, 39),
    yellow: wrap(33, 39),
    cyan: wrap(36, 39),
  };
}

/**
 * Colour only on a terminal: NO_COLOR (any non-empty value) turns it off, FORCE_COLOR (other than "0")
 * turns it on, otherwise it follows whether stdout is a TTY — so piped output and tests stay plain.
 */
export function useColor(stream: { readonly isTTY?: boolean }, environment: NodeJS.ProcessEnv): boolean {
  if (environment.NO_COLOR) return false;
  if (environment.FORCE_COLOR !== undefined && environment.FORCE_COLOR !== "0") return true;
  return stream.isTTY === true;
}
