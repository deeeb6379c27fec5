import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  type ClientCapabilities,
  ElicitRequestSchema,
  type ElicitResult,
  ErrorCode,
  McpError,
  type PrimitiveSchemaDefinition,
} from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { JsonSchemaType } from "@modelcontextprotocol/sdk/validation/types.js";

/** A server asking, mid-call, for input from the user (`elicitation/create`, form mode). */
export interface ElicitationRequest {
  readonly server: string;
  /** What the server asks, for a person to read. */
  readonly message: string;
  /** A flat object schema: each property a string, number, boolean or enum, maybe with a `default`. */
  readonly requestedSchema: {
    readonly type: "object";
    readonly properties: Readonly<Record<string, PrimitiveSchemaDefinition>>;
    readonly required?: readonly string[];
  };
}

/** The answer: `accept` with the values, or `decline` / `cancel` (the server sees which). */
export type ElicitationAnswer =
  | {
      readonly action: "accept";
      readonly content: Readonly<Record<string, string | number | boolean | readonly string[]>>;
    }
  | { readonly action: "decline" | "cancel" };

export type ElicitationHandler = (
  request: ElicitationRequest,
  context: { readonly signal: AbortSignal },
) => ElicitationAnswer | Promise<ElicitationAnswer>;

/** What became of an elicitation: the field names, never their values (a person may type a secret). */
export interface ElicitationEvent {
  readonly type: "elicitation";
  readonly server: string;
  readonly action: "accept" | "decline" | "cancel" | "invalid";
  readonly fields: readonly string[];
  /** Why it did not reach a handler, or why the answer was refused. */
  readonly reason?: string;
}

/** Form-mode elicitation, with the SDK applying schema defaults to what is accepted (SEP-1034). */
export const ELICITATION_CAPABILITIES: ClientCapabilities = {
  elicitation: { form: { applyDefaults: true } },
};

const validators = new AjvJsonSchemaValidator();

/**
 * Answers the server's `elicitation/create` with `onElicit`, or declines when there is none. An accepted
 * answer gets the schema's defaults for what it leaves out, then must match the schema: otherwise the
 * server gets an InvalidParams error, never values it did not ask for.
 */
export function answerElicitations(
  client: Client,
  server: string,
  onElicit: ElicitationHandler | undefined,
  onEvent: (event: ElicitationEvent) => void,
): void {
  client.setRequestHandler(ElicitRequestSchema, async (request, extra): Promise<ElicitResult> => {
    const params = request.params;
    if (params.mode === "url")
      throw new McpError(ErrorCode.InvalidParams, "URL-mode elicitation is not supported");
    const requestedSchema = params.requestedSchema as ElicitationRequest["requestedSchema"];
    const fields = Object.keys(requestedSchema.properties);
    const report = (action: ElicitationEvent["action"], reason?: string) =>
      onEvent({ type: "elicitation", server, action, fields, ...(reason === undefined ? {} : { reason }) });
    if (onElicit === undefined) {
      report("decline", "no onElicit handler: declined");
      return { action: "decline" };
    }
    let answer: ElicitationAnswer;
    try {
      answer = await onElicit({ server, message: params.message, requestedSchema }, { signal: extra.signal });
    } catch (error) {
      report(
        "cancel",
        `the onElicit handler failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return { action: "cancel" };
    }
    if (answer.action !== "accept") {
      report(answer.action);
      return { action: answer.action };
    }
    const content = withDefaults(requestedSchema, answer.content);
    const verdict = validators.getValidator(requestedSchema as JsonSchemaType)(content);
    if (!verdict.valid) {
      const problem = verdict.errorMessage ?? "invalid";
      report("invalid", problem);
      throw new McpError(
        ErrorCode.InvalidParams,
        `The answer does not match the requested schema: ${problem}`,
      );
    }
    report("accept");
    return { action: "accept", content: content as ElicitResult["content"] };
  });
}

/** The answer with each property it leaves out set to the schema's default, where there is one. */
function withDefaults(
  schema: ElicitationRequest["requestedSchema"],
  content: ElicitationAnswer & { action: "accept" } extends { content: infer C } ? C : never,
): Record<string, unknown> {
  const filled: Record<string, unknown> = { ...content };
  for (const [name, property] of Object.entries(schema.properties)) {
    if (filled[name] === undefined && "default" in property && property.default !== undefined)
      filled[name] = property.default;
  }
  return filled;
}
