// A server's tool as Keel sees it: a Keel tool whose calls go to the server, and its output schema check.
import type { ToolOutcome } from "@keel/errors";
import type { Tool, ToolContext } from "@keel/tools";
import { defineJsonSchemaTool, type ToolAnnotations } from "@keel/tools/internal";
import type { Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { JsonSchemaType, JsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js";
import { messageOf } from "./call-failure.js";

export interface Listed {
  readonly remote: McpTool;
  readonly fingerprint: string;
  /** Checks `structuredContent` against the tool's output schema (compiled on first use). */
  validate?: JsonSchemaValidator<unknown>;
}

const validators = new AjvJsonSchemaValidator();

/**
 * Why a successful result breaks the tool's own output schema, or undefined when it does not (or the tool
 * has none). Checked here for every tool: the SDK's own check only knows the tools of the last page listed.
 */
export function outputProblem(listed: Listed, result: Record<string, unknown>): string | undefined {
  const schema = listed.remote.outputSchema;
  if (schema === undefined || result.isError === true) return undefined;
  if (result.structuredContent === undefined)
    return "it declares an output schema but sent no structuredContent";
  try {
    listed.validate ??= validators.getValidator(schema as JsonSchemaType);
    const verdict = listed.validate(result.structuredContent);
    return verdict.valid ? undefined : (verdict.errorMessage ?? "invalid");
  } catch (error) {
    return `its output schema cannot be compiled: ${messageOf(error)}`;
  }
}

/** The connection a remote tool belongs to: its name, and where its calls go. */
export interface RemoteToolOwner {
  readonly name: string;
  call(remote: string, input: unknown, context: ToolContext): Promise<ToolOutcome>;
}

/** A server tool as a Keel tool: its schema as sent, its hints as Keel's effect, its calls through `call`. */
export function toKeelTool(connection: RemoteToolOwner, name: string, remote: McpTool): Tool {
  const hints = remote.annotations ?? {};
  // A tool without hints is a write: MCP clients must read a missing readOnlyHint as "may change things".
  const effect = hints.readOnlyHint === true ? "read" : "write";
  const annotations: { -readonly [K in keyof ToolAnnotations]?: boolean } = {};
  for (const hint of ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const) {
    if (typeof hints[hint] === "boolean") annotations[hint] = hints[hint];
  }
  const inputSchema = { ...remote.inputSchema, type: remote.inputSchema.type ?? "object" };
  const title = remote.title ?? hints.title;
  const description =
    remote.description !== undefined && remote.description.trim() !== ""
      ? remote.description
      : `The "${remote.name}" tool of the MCP server "${connection.name}" (the server gave no description).`;
  return defineJsonSchemaTool({
    name,
    ...(typeof title === "string" && title.trim() !== "" ? { title } : {}),
    description,
    inputSchema,
    ...(remote.outputSchema === undefined ? {} : { outputSchema: remote.outputSchema }),
    effect,
    ...(effect === "write" ? { idempotent: hints.idempotentHint === true } : {}),
    annotations,
    handler: (input, context) => connection.call(remote.name, input, context),
  });
}
