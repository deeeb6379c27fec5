import { McpClientError } from "./mcp-client-error.js";

const LEGAL = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * The name the model sees for a server's tool: the prefix (if any) then the server's name, with any
 * character the Anthropic API does not accept in a tool name (MCP allows `.` and `/`) replaced by `_`.
 * Throws MCP_TOOL_NAME_INVALID when the result is still not a legal name (too long).
 */
export function keelNameOf(server: string, remoteName: string, prefix: string): string {
  const name = `${prefix}${remoteName.replace(/[^a-zA-Z0-9_-]/g, "_")}`;
  if (!LEGAL.test(name)) {
    throw new McpClientError(
      "MCP_TOOL_NAME_INVALID",
      `The MCP server "${server}" has a tool "${remoteName}" whose name as a Keel tool, "${name}", is not ` +
        "1-64 letters, digits, _ or - (what the Anthropic API accepts); use a shorter `prefix`, or " +
        "`include` to leave the tool out.",
    );
  }
  return name;
}

/** The prefix for a server: none, the server's name and `__` (`prefix: true`), or the given string. */
export function prefixOf(server: string, prefix: string | boolean | undefined): string {
  if (prefix === true) return `${server.replace(/[^a-zA-Z0-9_-]/g, "_")}__`;
  return typeof prefix === "string" ? prefix : "";
}

/** Throws MCP_TOOL_NAME_COLLISION naming both owners when two tools would have one name. */
export function checkUnique(entries: ReadonlyArray<{ readonly name: string; readonly owner: string }>): void {
  const seen = new Map<string, string>();
  for (const { name, owner } of entries) {
    const first = seen.get(name);
    if (first !== undefined) {
      throw new McpClientError(
        "MCP_TOOL_NAME_COLLISION",
        `Two tools would both be called "${name}": ${first} and ${owner}. A name must pick exactly one ` +
          'tool; give the servers a `prefix` (e.g. `prefix: true` for "<server>__<tool>").',
      );
    }
    seen.set(name, owner);
  }
}
