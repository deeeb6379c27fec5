import type { Command } from "./command.js";

/** A command as `keel --help` lists it; its module (and what it imports) loads only when it runs. */
export interface CommandEntry {
  readonly name: string;
  /** Its line in `keel --help`. */
  readonly summary: string;
  load(): Promise<Command>;
}

/**
 * Every `keel` command, in `keel --help` order. Each is imported on use: `keel --help`, `--version`,
 * `trace` and `check-config` never load the SDKs, the store or the MCP client (about 60 ms of start-up
 * against 800 ms with everything loaded).
 */
export const COMMANDS: readonly CommandEntry[] = [
  {
    name: "run",
    summary: "run the support agent on a request (LIVE with ANTHROPIC_API_KEY, else SIMULATION)",
    load: async () => (await import("./run.js")).runCommand,
  },
  {
    name: "route",
    summary: "which support tool a request routes to (offline router, or --live with the model)",
    load: async () => (await import("./route.js")).routeCommand,
  },
  {
    name: "eval-routing",
    summary: "accuracy, confusion table and unsafe misroutes of a routing corpus (CI gate)",
    load: async () => (await import("./eval-routing.js")).evalRoutingCommand,
  },
  {
    name: "lint-tools",
    summary: "lint tool descriptions: the support tools, or a live MCP server's (exit 1 on error findings)",
    load: async () => (await import("./lint-tools.js")).lintToolsCommand,
  },
  {
    name: "check-config",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: `${VAR}` is the .mcp.json syntax the command expands
    summary: "expand ${VAR} in .mcp.json (fail closed) and find hard-coded secrets",
    load: async () => (await import("./check-config.js")).checkConfigCommand,
  },
  {
    name: "mcp",
    summary: "log in to MCP servers behind OAuth (login NAME, logout NAME, status): tokens for keel run",
    load: async () => (await import("./mcp.js")).mcpCommand,
  },
  {
    name: "trace",
    summary: "render a saved run trace step by step, tokens per round (--html for a timeline page)",
    load: async () => (await import("./trace.js")).traceCommand,
  },
  {
    name: "tickets",
    summary: "the open escalation tickets in the store",
    load: async () => (await import("./tickets.js")).ticketsCommand,
  },
  {
    name: "worker",
    summary: "run queued runs (keel run --enqueue) until SIGTERM; any worker finishes any run",
    load: async () => (await import("./worker.js")).workerCommand,
  },
  {
    name: "runs",
    summary: "the queued and finished runs: list, show, wait for or cancel one",
    load: async () => (await import("./runs.js")).runsCommand,
  },
];
