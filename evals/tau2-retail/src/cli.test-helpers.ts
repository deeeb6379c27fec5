import type { Io } from "./cli.js";

/** An Io that keeps what a command writes, for a test to read. */
export function capturedIo(): { readonly out: { stdout: string; stderr: string }; readonly io: Io } {
  const out = { stdout: "", stderr: "" };
  return {
    out,
    io: {
      stdout: { write: (text: string) => (out.stdout += text) },
      stderr: { write: (text: string) => (out.stderr += text) },
    },
  };
}
