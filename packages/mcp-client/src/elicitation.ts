import { permissionError, type ToolOutcome } from "@keel/errors";
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

/**
 * The requests no handler could answer (no `onElicit`: each was declined), so that the call they came
 * from ends as what it is: a tool that needed a person, not whatever the server made of the decline. A
 * request cannot be tied to its call (MCP carries no link over stdio), so every call in flight while one
 * came is answered so; calls run one at a time unless they are reads.
 */
export class UnansweredElicitations {
  private readonly asked: Array<readonly string[]> = [];

  note(fields: readonly string[]): void {
    this.asked.push(fields);
  }

  mark(): number {
    return this.asked.length;
  }

  /** `outcome`, unless a request went unanswered since `mark`: then `permission` MCP_INPUT_REQUIRED. */
  outcomeSince(mark: number, server: string, tool: string, outcome: ToolOutcome): ToolOutcome {
    if (this.asked.length === mark) return outcome;
    const fields = [...new Set(this.asked.slice(mark).flat())];
    return permissionError(
      "MCP_INPUT_REQUIRED",
      `"${tool}" on the MCP server "${server}" asked the user for input (${fields.join(", ") || "no fields"}) ` +
        "while it ran, and nobody could be asked in this run, so the request was declined and the tool's " +
        "answer is not its result. Do not retry: tell the user what it asked for, or have a person run it " +
        "where they can answer.",
      { details: { fields, serverOutcome: outcome.kind } },
    );
  }
}

/** Form-mode elicitation, with the SDK applying schema defaults to what is accepted (SEP-1034). */
export const ELICITATION_CAPABILITIES: ClientCapabilities = {
  elicitation: { form: { applyDefaults: true } },
};

const validators = new AjvJsonSchemaValidator();

/**
 * Answers the server's `elicitation/create` with `onElicit`, or declines when there is none (noted in
 * `unanswered`, for the call's outcome). An accepted
 * answer gets the schema's defaults for what it leaves out, then must match the schema: otherwise the
 * server gets an InvalidParams error, never values it did not ask for.
 */
export function answerElicitations(
  client: Client,
  server: string,
  onElicit: ElicitationHandler | undefined,
  unanswered: UnansweredElicitations,
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
      unanswered.note(fields);
      report("decline", "no onElicit handler: declined; the call ends as permission MCP_INPUT_REQUIRED");
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
