import { resolve } from "node:path";
import { type ConfigFinding, type ConfigReport, checkMcpConfig } from "../config/check-mcp-config.js";
import { notValidJson, readInputFile } from "../read-input-file.js";
import type { Style } from "../terminal/style.js";
import { plural } from "../trace/format-steps.js";
import { defineCommand, EXIT, singlePositional } from "./command.js";

const HELP = `Check an MCP client config (.mcp.json) before it is committed or used.

Usage: keel check-config [FILE] [--json]

FILE defaults to .mcp.json in the current directory. For every server:
  - expands \${VAR} and \${VAR:-default} in command, args, env, url and headers from the environment
    (not from ./.env: MCP clients do not read it); an unset variable without a default is an error —
    fail closed rather than start a server with an empty token;
  - finds hard-coded secrets in every string, also as a \${VAR:-default}: tokens by the rules of
    gitleaks v8.30.1 (MIT licence; a subset for model providers, code hosting, package registries, cloud
    providers and common services: Anthropic, OpenAI, Hugging Face, GitHub, GitLab, npm, PyPI, AWS,
    Google, Azure, Slack, Stripe, JWTs, private keys, … — the README lists them), Keel's own looser
    shapes (sk-ant-, ghp_, Docker Hub dckr_pat_, bearer tokens), passwords in URLs, literal values in
    secret-named fields and arguments (API_KEY, --token VALUE, --password=…, -e GITLAB_TOKEN=…,
    "X-Api-Key: …") and known default secrets (changeme, password, admin, test, …).
Findings name the server and the field and show a secret only masked: its kind, first characters and
length (GitLab personal access token hard-coded: glpa…(26 chars)).

Options:
  --json       print { "file", "ok", "servers": [{ name, transport, variables, findings }], "findings" }
  -h, --help   this help

Exit codes: 0 the config passes, 1 findings (or not an MCP config), 2 usage error (unreadable file).

Examples:
  keel check-config
  keel check-config packages/mcp-server/.mcp.json
  KEEL_MCP_TOKEN=... keel check-config .mcp.json --json
`;

function render(file: string, report: ConfigReport, style: Style): string {
  const lines = [`${style.bold("Checking")} ${file} (${plural(report.servers.length, "server")})`];
  const findingLines = (findings: readonly ConfigFinding[]) => {
    const width = Math.max(...findings.map((finding) => finding.field.length));
    for (const finding of findings)
      lines.push(`      ${style.yellow(finding.field.padEnd(width))}  ${finding.message}`);
  };
  findingLines(report.findings);
  for (const server of report.servers) {
    const variables =
      server.variables.length === 0
        ? "no variables"
        : `variables: ${server.variables.map((variable) => `${variable.name} (${variable.source === "env" ? "set" : variable.source === "default" ? "default" : style.red("unset")})`).join(", ")}`;
    const mark = server.findings.length === 0 ? style.green("✔") : style.red("✘");
    lines.push(`  ${mark} ${style.bold(server.name)}  ${server.transport} · ${style.dim(variables)}`);
    if (server.findings.length > 0) findingLines(server.findings);
  }
  const problems =
    report.findings.length + report.servers.reduce((sum, server) => sum + server.findings.length, 0);
  lines.push(
    "",
    report.ok
      ? style.green(`✔ ${file} passes: no hard-coded secrets, every variable resolves.`)
      : style.red(`✘ ${file} fails: ${plural(problems, "problem")}.`),
  );
  return `${lines.join("\n")}\n`;
}

export const checkConfigCommand = defineCommand({
  name: "check-config",
  help: HELP,
  options: { json: { type: "boolean" } },
  async run({ values, positionals }, { io, style }) {
    const file = singlePositional("check-config", positionals, "config file", false) ?? ".mcp.json";
    const text = await readInputFile(resolve(io.cwd, file), file);
    let report: ConfigReport;
    try {
      report = checkMcpConfig(JSON.parse(text), io.env);
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
      // The place and the reason only: Node's JSON errors quote the text around the problem, maybe a secret.
      const message = notValidJson(text);
      report = { ok: false, servers: [], findings: [{ server: "(file)", field: "(file)", message }] };
    }
    io.stdout.write(values.json ? `${JSON.stringify({ file, ...report })}\n` : render(file, report, style));
    return report.ok ? EXIT.ok : EXIT.failed;
  },
});
