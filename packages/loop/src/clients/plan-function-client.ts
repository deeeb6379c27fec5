import { isRecord } from "@keel/errors/internal";
import type { Message, MessageCreateRequest, MessageParam } from "@keel/wire";
import type { RequestContentBlock } from "@keel/wire/internal";
import { describeValue } from "@keel/wire/internal";
import { emitMessageEvents } from "./message-events.js";
import type { ModelClient, ModelRequestOptions } from "./model-client.js";
import { abortedError, ModelClientError } from "./model-client-error.js";

/** The next step a plan function chooses (reference 001's AgentStep). */
export type PlanStep = { kind: "tool"; tool: string; input: unknown } | { kind: "finish"; answer: string };

/** One observation: a tool the plan called and the tool_result the loop sent back. */
export interface ScratchpadEntry {
  readonly toolUseId: string;
  readonly tool: string;
  readonly input: unknown;
  /** The tool_result content as text (text blocks joined by newlines). */
  readonly result: string;
  readonly isError: boolean;
}

export interface PlanContext {
  readonly request: MessageCreateRequest;
  /** False when the request forbids tools (`tool_choice: none`, or no tools): a tool step is then not sent. */
  readonly toolUseAllowed: boolean;
}

export type PlanFunction = (
  question: string,
  scratchpad: readonly ScratchpadEntry[],
  context: PlanContext,
) => PlanStep | Promise<PlanStep>;

/**
 * Adapts a plan function `(question, scratchpad) → step` (reference 001) to a ModelClient.
 * The question is the text of the first user message; the scratchpad is rebuilt from the request's
 * tool_use / tool_result history, so the client keeps no state. A tool step becomes a tool_use
 * response (`stop_reason: "tool_use"`), a finish step a text response (`end_turn`). When the request
 * forbids tools, a tool step is answered with a text message saying so, as the API would not call one.
 * Ids are derived from the history length, so runs are deterministic.
 */
export class PlanFunctionClient implements ModelClient {
  readonly name = "plan-function";
  readonly #plan: PlanFunction;

  constructor(plan: PlanFunction) {
    this.#plan = plan;
  }

  async create(request: MessageCreateRequest, options: ModelRequestOptions = {}): Promise<Message> {
    if (options.signal?.aborted) throw abortedError(options.signal.reason);
    const turn = request.messages.length;
    const toolUseAllowed = (request.tools?.length ?? 0) > 0 && request.tool_choice?.type !== "none";
    let step: unknown;
    try {
      step = await this.#plan(questionOf(request.messages), scratchpadOf(request.messages), {
        request,
        toolUseAllowed,
      });
    } catch (error) {
      throw new ModelClientError(
        "invalid_response",
        `PlanFunctionClient: the plan function threw: ${String(error)}`,
        {
          cause: error,
        },
      );
    }
    const message = messageFor(checkStep(step), { turn, model: request.model, toolUseAllowed });
    emitMessageEvents(message, options.onEvent);
    return message;
  }
}

function checkStep(step: unknown): PlanStep {
  if (isRecord(step) && step.kind === "tool" && typeof step.tool === "string") {
    if (step.input === undefined || isRecord(step.input)) return step as PlanStep;
    throw new ModelClientError(
      "invalid_response",
      `PlanFunctionClient: a tool step's input must be an object (tool input is always a JSON object), got ${describeValue(step.input)}`,
    );
  }
  if (isRecord(step) && step.kind === "finish" && typeof step.answer === "string") return step as PlanStep;
  throw new ModelClientError(
    "invalid_response",
    `PlanFunctionClient: the plan function must return { kind: "tool", tool, input } or { kind: "finish", answer }, got ${describeValue(step)}`,
  );
}

function messageFor(step: PlanStep, at: { turn: number; model: string; toolUseAllowed: boolean }): Message {
  const base = {
    id: `msg_plan_${at.turn}`,
    type: "message" as const,
    role: "assistant" as const,
    model: at.model,
    stop_sequence: null,
    usage: { input_tokens: 0, output_tokens: 0 },
  };
  if (step.kind === "finish") {
    return { ...base, content: [{ type: "text", text: step.answer }], stop_reason: "end_turn" };
  }
  if (!at.toolUseAllowed) {
    const text = `I would call ${step.tool} next, but tool use is not allowed for this request.`;
    return { ...base, content: [{ type: "text", text }], stop_reason: "end_turn" };
  }
  const input = step.input ?? {};
  return {
    ...base,
    content: [{ type: "tool_use", id: `toolu_plan_${at.turn}`, name: step.tool, input }],
    stop_reason: "tool_use",
  };
}

/** The text of the first user message: the question the run was started with. */
export function questionOf(messages: readonly MessageParam[]): string {
  const first = messages.find((message) => message.role === "user");
  if (!first) return "";
  if (typeof first.content === "string") return first.content;
  return textOf(first.content);
}

/** The tool calls of the history, each with the result the loop sent back, in call order. */
export function scratchpadOf(messages: readonly MessageParam[]): ScratchpadEntry[] {
  const calls = new Map<string, { tool: string; input: unknown }>();
  const entries: ScratchpadEntry[] = [];
  for (const message of messages) {
    if (typeof message.content === "string") continue;
    for (const block of message.content) {
      if (block.type === "tool_use" && message.role === "assistant") {
        const { id, name, input } = block as { id: string; name: string; input: unknown };
        calls.set(id, { tool: name, input });
      } else if (block.type === "tool_result" && message.role === "user") {
        const result = block as { tool_use_id: string; content?: unknown; is_error?: boolean };
        const call = calls.get(result.tool_use_id);
        if (!call) continue;
        entries.push({
          toolUseId: result.tool_use_id,
          tool: call.tool,
          input: call.input,
          result: typeof result.content === "string" ? result.content : textOf(asBlocks(result.content)),
          isError: result.is_error === true,
        });
      }
    }
  }
  return entries;
}

function asBlocks(content: unknown): RequestContentBlock[] {
  return Array.isArray(content) ? (content as RequestContentBlock[]) : [];
}

function textOf(blocks: readonly RequestContentBlock[]): string {
  return blocks
    .filter((block) => block.type === "text")
    .map((block) => (block as { text: string }).text)
    .join("\n");
}
