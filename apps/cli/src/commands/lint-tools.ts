import { lintTools, type Tool } from "@keel/tools";
import {
  type ChosenServers,
  chooseServers,
  MCP_CONFIG_OPTIONS,
  mcpConfigFlags,
} from "../config/mcp-servers.js";
import { loadCatalog } from "../routing/load-catalog.js";
import { surfaceTools } from "../routing/surfaces.js";
import { connectChosenServers } from "../run/mcp-tools.js";
import { plural } from "../trace/format-steps.js";
import { UsageError } from "../usage-error.js";
import { defineCommand, EXIT } from "./command.js";

const HELP = `Lint the support tools' descriptions for what will misroute.

Usage: keel lint-tools [--naive] [--json]
       keel lint-tools --catalog MODULE [--json]
       keel lint-tools --mcp-config FILE [--mcp-server NAME ...] [--json]

Checks each description's four parts (what it does, when to use it, when NOT to — naming the sibling —,
what it takes and returns) and the surface as a whole (overlaps without a boundary, one-sided boundaries,
boundaries naming unknown tools). Error findings will misroute or break; warnings weaken routing.

With --mcp-config, lints the tools a live MCP server lists (started or reached as in keel run
--mcp-config), so its authors see what their descriptions are missing.

Options:
  --naive              lint the naive surface ("Retrieves X information" getters) instead
  --catalog MODULE     lint your own tools: a JavaScript module (path or package) whose default or "tools"
                       export is an array of Keel tools or a toolset
  --mcp-config FILE    lint the tools of the MCP servers in a .mcp.json (it must pass keel check-config)
  --mcp-server NAME    only this server of --mcp-config (repeatable; default every server)
  --json               print { "surface", "errors", "warnings", "findings": [{ id, severity, tool, message }] }
  -h, --help           this help

Exit codes: 0 no error-level finding (warnings allowed), 1 at least one error, 2 usage error.

Examples:
  keel lint-tools
  keel lint-tools --naive
  keel lint-tools --catalog ./dist/tools.js
  keel lint-tools --json | jq '.findings[] | select(.severity == "error")'
  keel lint-tools --mcp-config .mcp.json --mcp-server keel-support
`;

export const lintToolsCommand = defineCommand({
  name: "lint-tools",
  help: HELP,
  options: {
    naive: { type: "boolean" },
    catalog: { type: "string" },
    json: { type: "boolean" },
    ...MCP_CONFIG_OPTIONS,
  },
  positionals: false,
  async run({ values }, { io, style }) {
    const mcpConfig = mcpConfigFlags(values);
    if (mcpConfig !== undefined && values.naive)
      throw new UsageError(
        "--naive and --mcp-config exclude each other: the naive surface or a server's tools.",
      );
    if (values.catalog !== undefined && (values.naive || mcpConfig !== undefined))
      throw new UsageError("--catalog excludes --naive and --mcp-config: lint one surface at a time.");
    let surface: string;
    let tools: readonly Tool[];
    if (values.catalog !== undefined) {
      surface = `catalog:${values.catalog}`;
      tools = await loadCatalog(values.catalog, io.cwd);
    } else if (mcpConfig === undefined) {
      surface = values.naive ? "naive" : "real";
      tools = surfaceTools(values.naive ? "naive" : "real");
    } else {
      const chosen = await chooseServers(mcpConfig.file, mcpConfig.names, io.env, io.cwd);
      surface = `mcp:${Object.keys(chosen.servers).join(",")}`;
      try {
        tools = await listMcpTools(chosen);
      } catch (error) {
        io.stderr.write(`keel lint-tools: ${error instanceof Error ? error.message : String(error)}\n`);
        return EXIT.failed;
      }
    }
    const findings = lintTools(tools);
    const errors = findings.filter((finding) => finding.severity === "error").length;
    const warnings = findings.length - errors;
    if (values.json) {
      io.stdout.write(`${JSON.stringify({ surface, errors, warnings, findings })}\n`);
    } else {
      const lines = [
        `${style.bold("Linting")} ${plural(tools.length, "tool")} (${surface} surface): ${tools.map((tool) => tool.name).join(", ")}`,
      ];
      for (const finding of findings) {
        const severity = finding.severity === "error" ? style.red("error  ") : style.yellow("warning");
        lines.push(
          `  ${severity} ${style.bold(finding.tool)} ${style.dim(`[${finding.id}]`)} ${finding.message}`,
        );
      }
      const verdict =
        errors > 0
          ? style.red(`✘ ${plural(errors, "error")}, ${plural(warnings, "warning")}`)
          : style.green(`✔ no errors${warnings > 0 ? `, ${plural(warnings, "warning")}` : ", no warnings"}`);
      lines.push("", verdict);
      io.stdout.write(`${lines.join("\n")}\n`);
    }
    return errors > 0 ? EXIT.failed : EXIT.ok;
  },
});

/** The servers' tools as listed now; the servers are closed (stdio ones stopped) before returning. */
async function listMcpTools(chosen: ChosenServers): Promise<readonly Tool[]> {
  const toolbox = await connectChosenServers(chosen);
  try {
    return toolbox.tools;
  } finally {
    await toolbox.close();
  }
}
