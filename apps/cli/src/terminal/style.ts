import type { CliIo } from "../cli-io.js";

type Paint = (text: string) => string;

/** ANSI styles that collapse to plain text when colour is off. */
export interface Style {
  readonly enabled: boolean;
  readonly bold: Paint;
  readonly dim: Paint;
  readonly red: Paint;
  readonly green: Paint;
  readonly yellow: Paint;
  readonly blue: Paint;
  readonly magenta: Paint;
  readonly cyan: Paint;
}

const paint =
  (enabled: boolean, open: number, close: number): Paint =>
  (text) =>
    enabled ? `\u001b[${open}m${text}\u001b[${close}m` : text;

/**
 * Colour only on a terminal that can show it: never with NO_COLOR set (https://no-color.org) or on a
 * `TERM=dumb` terminal; FORCE_COLOR forces it on.
 */
export function colorEnabled(io: Pick<CliIo, "env" | "isTTY">): boolean {
  if (io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== "") return false;
  const force = io.env.FORCE_COLOR;
  if (force !== undefined && force !== "" && force !== "0") return true;
  if (io.env.TERM === "dumb") return false;
  return io.isTTY;
}

export function createStyle(enabled: boolean): Style {
  return {
    enabled,
    bold: paint(enabled, 1, 22),
    dim: paint(enabled, 2, 22),
    red: paint(enabled, 31, 39),
    green: paint(enabled, 32, 39),
    yellow: paint(enabled, 33, 39),
    blue: paint(enabled, 34, 39),
    magenta: paint(enabled, 35, 39),
    cyan: paint(enabled, 36, 39),
  };
}
