import { DemoUsageError, parseDemoArguments, USAGE } from "./arguments.js";
import type { DemoReport } from "./demo-report.js";
import { toJsonSummary } from "./render/render-json.js";
import { renderText } from "./render/render-text.js";
import { createStyle, useColor } from "./render/style.js";
import { runDemo } from "./run-demo.js";

/** Where the demo writes and what it reads from the environment (injected, so tests run it in-process). */
export interface MainIo {
  readonly stdout: NodeJS.WritableStream & { readonly isTTY?: boolean };
  readonly stderr: NodeJS.WritableStream;
  readonly environment: NodeJS.ProcessEnv;
  /** Defaults to the real demo; tests pass a canned report to check rendering and exit codes. */
  readonly run?: () => Promise<DemoReport>;
}

/**
 * The demo's command line: resolves to the exit code (0 all checks passed, 1 one failed, 2 usage error)
 * and never throws; an unexpected crash is reported on stderr with exit 1.
 */
export async function main(argv: readonly string[], io: MainIo): Promise<number> {
  let command: ReturnType<typeof parseDemoArguments>;
  try {
    command = parseDemoArguments(argv);
  } catch (error) {
    if (!DemoUsageError.isInstance(error)) throw error;
    io.stderr.write(`keel-demo: ${error.message}\nRun with --help for the options.\n`);
    return 2;
  }
  if (command.kind === "help") {
    io.stdout.write(USAGE);
    return 0;
  }
  let report: DemoReport;
  try {
    report = await (io.run ?? runDemo)();
  } catch (error) {
    io.stderr.write(`keel-demo: the demo crashed: ${error instanceof Error ? error.stack : String(error)}\n`);
    return 1;
  }
  if (command.json) {
    io.stdout.write(`${JSON.stringify(toJsonSummary(report), null, 2)}\n`);
  } else {
    io.stdout.write(renderText(report, createStyle(useColor(io.stdout, io.environment))));
  }
  const failed = report.checks.filter((check) => !check.passed);
  if (failed.length === 0) return 0;
  io.stderr.write(
    `keel-demo: ${failed.length} of ${report.checks.length} checks failed: ` +
      `${failed.map((check) => `[${check.section}] ${check.name}`).join("; ")}\n`,
  );
  return 1;
}
