import { createHash } from "node:crypto";
import { canonicalJson } from "@keel/tools/internal";
import type { Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";

/**
 * What a tool's definition promises, as a short hash: description, input and output schemas and
 * annotations. The same definition always gives the same fingerprint; any change to what the model reads
 * or what the tool may do gives another.
 */
export function fingerprintOf(tool: McpTool): string {
  const promised = {
    description: tool.description ?? null,
    inputSchema: tool.inputSchema,
    outputSchema: tool.outputSchema ?? null,
    annotations: tool.annotations ?? null,
  };
  return createHash("sha256").update(canonicalJson(promised)).digest("hex").slice(0, 16);
}
