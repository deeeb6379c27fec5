import { AnthropicClient, DEFAULT_MODEL, type ModelClient, runAgent, ScriptedClient } from "@keel/loop";
import {
  createMemoryBackend,
  createSqlBackend,
  type SqlBackend,
  type SupportBackend,
  supportAgent,
} from "@keel/support-desk";
import { startFakeMessagesApi, textResponse, toolUseResponse } from "@keel/testkit";
import { calculatorTool } from "@keel/tools";
import { memoryTool } from "@keel/tools/memory";
import type { Message } from "@keel/wire";
import type { ExpectedCall, LoopCase } from "./corpus-types.js";
import { oversizedTool } from "./oversized-tool.js";

/** What a case did, and where it differed from its expected outcome. */
export interface CaseResult {
  readonly id: string;
  readonly category: string;
  readonly mismatches: readonly string[];
  readonly observed: unknown;
}

type Content = Message["content"];
/** One model turn: tool calls with fixed ids, or the closing text. */
type Turn =
  | { readonly calls: readonly { id: string; name: string; input: Record<string, unknown> }[] }
  | { readonly text: string };

const CLOSING = "Here is what I could do.";

/** The model's turns: verify the customer (when the case says so), the hostile reply, a closing answer. */
function turnsOf(testCase: LoopCase): Turn[] {
  const withIds = (calls: LoopCase["calls"], round: number) =>
    calls.map((call, index) => ({
      id: `toolu_hostile_${round}_${index}`,
      name: call.name,
      input: call.input as Record<string, unknown>,
    }));
  const turns: Turn[] = [];
  if (testCase.verifyEmail) {
    turns.push({
      calls: withIds([{ name: "get_customer_by_email", input: { email: testCase.verifyEmail } }], 0),
    });
  }
  turns.push({ calls: withIds(testCase.calls, 1) }, { text: CLOSING });
  return turns;
}

const contentOf = (turn: Turn): Content =>
  "text" in turn
    ? [{ type: "text", text: turn.text }]
    : turn.calls.map((call) => ({ type: "tool_use" as const, ...call }));

/** A ModelClient with no copying or checks at all, for replies too deep for anything else to carry. */
function rawClient(turns: readonly Turn[]): ModelClient {
  let index = 0;
  return {
    name: "raw",
    async create(request) {
      const turn = turns[index++];
      const content = turn ? contentOf(turn) : contentOf({ text: CLOSING });
      return {
        id: `msg_raw_${index}`,
        type: "message",
        role: "assistant",
        model: request.model,
        content,
        stop_reason: content.some((block) => block.type === "tool_use") ? "tool_use" : "end_turn",
        stop_sequence: null,
        usage: {
          input_tokens: 1,
          output_tokens: 1,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 0,
        },
      };
    },
  };
}

/** Counts the refunds the store actually paid. */
function countingBackend(): { backend: SupportBackend; paid: () => number } {
  const backend = createMemoryBackend();
  let paid = 0;
  return {
    backend: {
      ...backend,
      async processRefund(request) {
        const result = await backend.processRefund(request);
        if (result.kind === "refunded" && !result.duplicate) paid++;
        return result;
      },
    },
    paid: () => paid,
  };
}

/**
 * The SQL store (PGlite, empty) the memory cases keep the memory tool's files in, each case in its own scope:
 * opened on the first memory case (a PGlite start costs seconds), closed by closeLoopCaseStores.
 */
let memoryStores: Promise<SqlBackend> | undefined;
const memoryBackend = (): Promise<SqlBackend> => {
  memoryStores ??= createSqlBackend({ data: false });
  return memoryStores;
};

/** Closes the SQL store the memory cases opened, if any; call once every loop case has run. */
export async function closeLoopCaseStores(): Promise<void> {
  const opened = memoryStores;
  memoryStores = undefined;
  await (await opened)?.close();
}

/**
 * Runs one hostile loop case through runAgent with the support agent (memory store), the calculator and
 * the oversized tool, over the case's transport, and compares what happened with the expected outcome.
 */
export async function runLoopCase(testCase: LoopCase): Promise<CaseResult> {
  const { backend, paid } = countingBackend();
  const support = supportAgent(backend);
  const memoryStore =
    testCase.category === "memory-path"
      ? (await memoryBackend()).memoryStore({ conversationId: testCase.id })
      : undefined;
  const turns = turnsOf(testCase);
  const api =
    testCase.transport === "wire"
      ? await startFakeMessagesApi({
          recordRequests: false,
          script: turns.map((turn) =>
            "text" in turn ? textResponse(turn.text) : toolUseResponse(turn.calls),
          ),
        })
      : undefined;
  const client: ModelClient = api
    ? new AnthropicClient({ apiKey: "hostile-test-key", baseURL: api.url, maxRetries: 0 })
    : testCase.transport === "scripted"
      ? new ScriptedClient(turns.map((turn) => ({ content: contentOf(turn) })))
      : rawClient(turns);
  try {
    const result = await runAgent({
      client,
      model: DEFAULT_MODEL,
      system: support.system,
      tools: [
        ...support.tools,
        calculatorTool,
        oversizedTool,
        ...(memoryStore === undefined ? [] : [memoryTool({ store: memoryStore })]),
      ],
      hooks: support.hooks,
      prompt: testCase.prompt,
      metadata: testCase.metadata ?? {},
      signal: AbortSignal.timeout(30_000),
    });
    const hostile = result.toolCalls.slice(testCase.verifyEmail ? 1 : 0);
    const calls: ExpectedCall[] = hostile.map((call) => ({
      decision: call.decision,
      executed: call.executed,
      code: call.outcome.kind === "success" ? null : call.outcome.code,
    }));
    const requestBytes = result.trace.flatMap((event) => (event.type === "request" ? [event.bytes] : []));
    const maxRequestBytes = Math.max(0, ...requestBytes);
    const mismatches: string[] = [];
    const { expect } = testCase;
    if (result.status !== expect.status)
      mismatches.push(`status ${result.status}, expected ${expect.status}`);
    if (expect.calls && JSON.stringify(calls) !== JSON.stringify(expect.calls)) {
      mismatches.push(`calls ${JSON.stringify(calls)}, expected ${JSON.stringify(expect.calls)}`);
    }
    if (expect.nothingRuns && calls.some((call) => call.executed !== null)) {
      mismatches.push(`a tool ran: ${JSON.stringify(calls)}`);
    }
    if (paid() !== expect.refundsPaid)
      mismatches.push(`${paid()} refunds paid, expected ${expect.refundsPaid}`);
    if (expect.maxRequestBytes !== undefined && maxRequestBytes > expect.maxRequestBytes) {
      mismatches.push(`a request of ${maxRequestBytes} bytes, expected at most ${expect.maxRequestBytes}`);
    }
    const memoryEntries = memoryStore === undefined ? 0 : (await memoryStore.list("", 99)).length;
    if (expect.memoryEntries !== undefined && memoryEntries !== expect.memoryEntries) {
      mismatches.push(`the memory store holds ${memoryEntries} entries, expected ${expect.memoryEntries}`);
    }
    return {
      id: testCase.id,
      category: testCase.category,
      mismatches,
      observed: {
        status: result.status,
        calls,
        refundsPaid: paid(),
        maxRequestBytes,
        error: result.error?.kind,
      },
    };
  } finally {
    await api?.close();
  }
}
