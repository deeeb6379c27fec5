import {
  connectMcpServers,
  type McpClientEvent,
  type McpConnectOptions,
  type McpToolbox,
} from "@keel/mcp-client";
import type { TextSink } from "../cli-io.js";
import type { ChosenServers } from "../config/mcp-servers.js";
import type { Style } from "../terminal/style.js";
import { plural } from "../trace/format-steps.js";

/** A stdio server may open a database on start (keel-mcp's PGlite takes seconds on a busy machine). */
const CONNECT_TIMEOUT_MS = 60_000;

/** Connects to the chosen servers (the stdio ones started in the config's folder), for every command. */
export async function connectChosenServers(
  chosen: ChosenServers,
  options: Omit<McpConnectOptions, "name" | "server"> = {},
): Promise<McpToolbox> {
  let toolbox: McpToolbox;
  try {
    toolbox = await connectMcpServers(chosen.servers, { connectTimeoutMs: CONNECT_TIMEOUT_MS, ...options });
  } catch (error) {
    await chosen.credentials.close();
    throw error;
  }
  return {
    get servers() {
      return toolbox.servers;
    },
    get tools() {
      return toolbox.tools;
    },
    close: async () => {
      await toolbox.close();
      await chosen.credentials.close();
    },
  };
}

/** The MCP servers' tools for one run, and a line for the banner. */
export interface McpTools {
  readonly toolbox: McpToolbox;
  /** The servers' `instructions`, to append to the system prompt (as Claude Code does). */
  readonly instructions: string;
  readonly description: string;
}

/**
 * Connects to the chosen servers (starting the stdio ones in the config's folder) and reports on stderr
 * what the run should know about: a tool left out, a tool whose definition changed, a reconnection.
 * Aborting `signal` closes them all; the caller closes them at the end of the run.
 */
export async function openMcpTools(
  chosen: ChosenServers,
  stderr: TextSink,
  style: Style,
  signal: AbortSignal | undefined,
): Promise<McpTools> {
  const report = (event: McpClientEvent): void => {
    const line = describeEvent(event);
    if (line !== undefined) stderr.write(style.yellow(`keel run: ${line}\n`));
  };
  const toolbox = await connectChosenServers(chosen, {
    onEvent: report,
    changedTools: "refuse",
    ...(signal === undefined ? {} : { signal }),
  });
  const instructions = toolbox.servers
    .flatMap((server) =>
      server.instructions ? [`Instructions of the MCP server "${server.name}":\n${server.instructions}`] : [],
    )
    .join("\n\n");
  const names = toolbox.servers
    .map((server) => `${server.name} (${plural(server.tools.length, "tool")})`)
    .join(", ");
  return { toolbox, instructions, description: `tools over MCP from ${names}` };
}

function describeEvent(event: McpClientEvent): string | undefined {
  switch (event.type) {
    case "tool_skipped":
      return `the tool "${event.tool}" of ${event.server} is left out: ${event.reason}`;
    case "tool_definition_changed":
      return `${event.server} changed the definition of "${event.tool}" during the run; its calls are refused`;
    case "reconnecting":
      return `reconnecting to ${event.server} (${event.reason})`;
    case "session_reinitialized":
      return `${event.server} forgot the session; a new one was opened`;
    case "elicitation":
      return `${event.server} asked for input (${event.fields.join(", ") || "no fields"}): ${event.reason ?? event.action}`;
    default:
      return undefined;
  }
}
