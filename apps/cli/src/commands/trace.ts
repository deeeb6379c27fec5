import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { outputPath } from "../run/output-path.js";
import { renderTraceHtml } from "../trace/render-trace-html.js";
import { renderTraceText } from "../trace/render-trace-text.js";
import { readTraceFile } from "../trace/trace-file.js";
import { UsageError } from "../usage-error.js";
import { defineCommand, EXIT, singlePositional } from "./command.js";

const HELP = `Render a saved trace step by step.

Usage: keel trace FILE [--html OUT]

FILE is what "keel run --trace FILE" saved (or any JSON array / JSON Lines of @keel/loop trace events).
Prints each round — the model's text, why it stopped, its tokens (input, output, cache creation, cache
read) — then each tool call: what was asked, the hook's decision (allow, redirect, block, rewrite) and the
outcome; then a table of tokens per round. Tokens are what was billed: a round the API compacted counts its
compaction step too, named apart ("in 9,700 (9,000 compaction)", and a "1 compaction" row in the table).

Options:
  --html OUT   also write a self-contained HTML timeline (inline CSS, no scripts, no external assets)
  -h, --help   this help

Examples:
  keel run --scenario high-value-refund --trace high.trace.json
  keel trace high.trace.json
  keel trace high.trace.json --html high.html
`;

export const traceCommand = defineCommand({
  name: "trace",
  help: HELP,
  options: { html: { type: "string" } },
  async run({ values, positionals }, { io, style }) {
    const file = singlePositional("trace", positionals, "trace file", true) ?? "";
    const htmlPath = outputPath("--html", values.html, io.cwd, [{ label: "the trace", file }]);
    const trace = await readTraceFile(resolve(io.cwd, file), file);
    io.stdout.write(renderTraceText(trace, style));
    if (htmlPath !== undefined) {
      try {
        await writeFile(htmlPath, renderTraceHtml(trace), "utf8");
      } catch (error) {
        const why = (error as NodeJS.ErrnoException).code ?? String(error);
        throw new UsageError(`--html ${values.html}: not writable (${why}).`);
      }
      io.stdout.write(style.dim(`\nHTML timeline written to ${values.html}\n`));
    }
    return EXIT.ok;
  },
});
