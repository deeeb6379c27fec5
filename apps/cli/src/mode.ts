import type { Environment } from "./env-file.js";
import type { Style } from "./terminal/style.js";

/** LIVE talks to the Messages API; SIMULATION serves scripted responses; REPLAY serves a cassette. */
export type RunMode = "LIVE" | "SIMULATION" | "REPLAY";

const DEFAULT_BASE_URL = "https://api.anthropic.com";

/** What reference 000's `is_live_mode()` decides, plus where a live request goes. */
export interface LiveSettings {
  readonly apiKey: string | undefined;
  readonly baseURL: string;
}

/** An API key that is set and not blank means LIVE. */
export function liveSettings(environment: Environment): LiveSettings {
  const apiKey = environment.ANTHROPIC_API_KEY?.trim() || undefined;
  return { apiKey, baseURL: environment.ANTHROPIC_BASE_URL?.trim() || DEFAULT_BASE_URL };
}

/** The one-line banner saying which mode runs and why; never shows the key. */
export function modeBanner(mode: RunMode, detail: string, style: Style): string {
  const color = mode === "LIVE" ? style.green : mode === "REPLAY" ? style.cyan : style.yellow;
  return `${style.bold(color(mode))}  ${detail}\n`;
}
