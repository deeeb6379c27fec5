/** Something text can be written to: process.stdout, or a buffer in tests. */
export interface TextSink {
  write(text: string): unknown;
}

/**
 * Everything a command touches outside itself, injected so tests run in-process. `env` is read, never
 * written; `isTTY` turns on colours and the spinner (the bin passes whether stdout and stderr are terminals).
 */
export interface CliIo {
  readonly stdout: TextSink;
  readonly stderr: TextSink;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  readonly isTTY: boolean;
  /** Aborts a running agent (the bin wires it to Ctrl-C). */
  readonly signal?: AbortSignal;
}
