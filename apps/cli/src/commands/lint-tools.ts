import { lintTools } from "@keel/tools";
import { defineCommand } from "../parse-command-line.js";
import { surfaceTools } from "../routing/surfaces.js";
import { UsageError } from "../usage-error.js";
import { EXIT } from "./command.js";

const HELP = `Lint the support tools' descriptions for what will misroute.

Usage: keel lint-tools [--naive] [--json]

Checks each description's four parts (what it does, when to use it, when NOT to — naming the sibling —,
what it takes and returns) and the surface as a whole (overlaps without a boundary, one-sided boundaries,
boundaries naming unknown tools). Error findings will misroute or break; warnings weaken routing.

Options:
  --naive      lint the naive surface ("Retrieves X information" getters) instead
  --json       print { "surface", "errors", "warnings", "findings": [{ id, severity, tool, message }] }
  -h, --help   this help

Exit codes: 0 no error-level finding (warnings allowed), 1 at least one error, 2 usage error.

Examples:
  keel lint-tools
  keel lint-tools --naive
  keel lint-tools --json | jq '.findings[] | select(.severity == "error")'
`;

export const lintToolsCommand = defineCommand({
  name: "lint-tools",
  summary: "lint the support tools' descriptions (exit 1 on error findings)",
  help: HELP,
  options: {
    naive: { type: "boolean" },
    json: { type: "boolean" },
  },
  async run({ values, positionals }, { io, style }) {
    if (positionals.length > 0)
      throw new UsageError(`keel lint-tools takes no arguments, got "${positionals.join(" ")}".`);
    const surface = values.naive ? "naive" : "real";
    const tools = surfaceTools(surface);
    const findings = lintTools(tools);
    const errors = findings.filter((finding) => finding.severity === "error").length;
    const warnings = findings.length - errors;
    if (values.json) {
      io.stdout.write(`${JSON.stringify({ surface, errors, warnings, findings })}\n`);
    } else {
      const lines = [
        `${style.bold("Linting")} ${tools.length} tools (${surface} surface): ${tools.map((tool) => tool.name).join(", ")}`,
      ];
      for (const finding of findings) {
        const severity = finding.severity === "error" ? style.red("error  ") : style.yellow("warning");
        lines.push(
          `  ${severity} ${style.bold(finding.tool)} ${style.dim(`[${finding.id}]`)} ${finding.message}`,
        );
      }
      const verdict =
        errors > 0
          ? style.red(`✘ ${errors} error(s), ${warnings} warning(s)`)
          : style.green(`✔ no errors${warnings > 0 ? `, ${warnings} warning(s)` : ", no warnings"}`);
      lines.push("", verdict);
      io.stdout.write(`${lines.join("\n")}\n`);
    }
    return errors > 0 ? EXIT.failed : EXIT.ok;
  },
});
