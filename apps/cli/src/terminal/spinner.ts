import type { TextSink } from "../cli-io.js";

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

/** A one-line progress indicator on stderr while the CLI waits (on a terminal only; otherwise inert). */
export interface Spinner {
  start(label: string): void;
  /** Erases the line; call before anything else is printed. Safe when not spinning. */
  stop(): void;
}

const INERT: Spinner = { start() {}, stop() {} };

export function createSpinner(stderr: TextSink, enabled: boolean, intervalMs = 80): Spinner {
  if (!enabled) return INERT;
  let timer: ReturnType<typeof setInterval> | undefined;
  let frame = 0;
  let label = "";
  const draw = () => {
    stderr.write(`\r\u001b[2K${FRAMES[frame % FRAMES.length]} ${label}`);
    frame++;
  };
  return {
    start(text) {
      label = text;
      if (timer === undefined) {
        timer = setInterval(draw, intervalMs);
        // A spinner must never keep the process alive on its own.
        timer.unref();
      }
      draw();
    },
    stop() {
      if (timer === undefined) return;
      clearInterval(timer);
      timer = undefined;
      stderr.write("\r\u001b[2K");
    },
  };
}
