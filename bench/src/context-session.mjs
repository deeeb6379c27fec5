import { createAnthropic } from "@ai-sdk/anthropic";
import Anthropic from "@anthropic-ai/sdk";
import { betaZodTool } from "@anthropic-ai/sdk/helpers/beta/zod";
import { success } from "@keel/errors";
import { AnthropicClient, runAgent } from "@keel/loop";
import { startFakeMessagesApi, textResponse, toolUseResponse } from "@keel/testkit";
import { defineTool } from "@keel/tools";
import { generateText, stepCountIs, tool } from "ai";
import { z } from "zod";
import { aiSdkPrompt } from "./lib/ai-sdk-prompt.mjs";

/**
 * Issue 33's session: 200 rounds, each reading a 2–5 KB record, against @keel/testkit over HTTP (whose usage
 * is deterministic: 1 token per 4 bytes, its prompt-cache model, its context edits), for Keel and for the
 * peers a user would pick instead, each talking to its own fake with its own SDK. Every row is counted the
 * same way, from the usage the fake returned: billed input-token equivalents = input + 1.25 × cache writes
 * + 0.1 × cache reads, compaction steps (`usage.iterations`) included; the largest request is the most input
 * one step read (input + cache reads + cache writes).
 * Run: `pnpm turbo run build --filter=@keel/loop... --filter=@keel/testkit...` then
 * `node bench/src/context-session.mjs` (`ROUNDS=20` for a quick look).
 */
const ROUNDS = Number(process.env.ROUNDS ?? 200);
const WINDOW = 200_000;
const MODEL = "claude-sonnet-5-5";
const SYSTEM = "You are a support agent. Look up what the customer asks about.";
const PROMPT = "Go through every record.";
const DESCRIPTION = "Returns one customer record.";
/** The compaction trigger every row that compacts uses, Keel's and the peers' alike. */
const COMPACT_AT = 60_000;
const compactEdit = { type: "compact_20260112", trigger: { type: "input_tokens", value: COMPACT_AT } };

const record = (index) => {
  const size = 2048 + ((index * 7919) % 3072); // 2–5 KB, deterministic
  return { id: `R-${index}`, notes: `Record ${index}: `.padEnd(size, "lorem ipsum dolor sit amet ") };
};
const recordOf = (id) => record(Number(String(id).slice(2)));
const script = () => [
  ...Array.from({ length: ROUNDS }, (_, index) =>
    toolUseResponse([{ name: "read_record", input: { id: `R-${index}` } }], { text: `Reading ${index}.` }),
  ),
  textResponse("Here is what I found."),
];

const billed = (usage) =>
  (usage.input_tokens ?? 0) +
  1.25 * (usage.cache_creation_input_tokens ?? 0) +
  0.1 * (usage.cache_read_input_tokens ?? 0);
const read = (usage) =>
  (usage.input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0);

/** Runs `loop` against a fresh fake and counts what the fake billed; a loop that throws is reported, not hidden. */
async function measure(label, loop) {
  const api = await startFakeMessagesApi({ script: script() });
  let status = "completed";
  try {
    await loop(api.url);
  } catch (error) {
    const refused = api.requests.find((request) => request.response?.status >= 400);
    const why = refused?.response?.error?.message ?? "";
    const message = String(error?.message ?? error);
    status = `failed: ${message.slice(0, 160)}${why && !message.includes(why) ? ` (the fake: ${String(why).slice(0, 200)})` : ""}`;
  }
  let total = 0;
  let largest = 0;
  let compactions = 0;
  for (const request of api.requests) {
    const usage = request.response?.message?.usage;
    if (!usage) continue;
    total += billed(usage);
    largest = Math.max(largest, read(usage));
    for (const step of usage.iterations ?? []) {
      if (step.type !== "compaction") continue;
      compactions++;
      total += billed(step);
      largest = Math.max(largest, read(step));
    }
  }
  const requests = api.requests.length;
  await api.close();
  return { label, status, requests, total, largest, compactions };
}

const keel = (context) => async (baseURL) => {
  const readRecord = defineTool({
    name: "read_record",
    description: DESCRIPTION,
    input: z.object({ id: z.string() }),
    effect: "read",
    handler: ({ id }) => success(recordOf(id)),
  });
  const client = new AnthropicClient({ apiKey: "sk-ant-bench", baseURL, stream: false, maxRetries: 0 });
  const result = await runAgent({
    client,
    model: MODEL,
    system: SYSTEM,
    tools: [readRecord],
    prompt: PROMPT,
    maxIterations: ROUNDS + 1,
    ...(context ? { context } : {}),
  });
  if (result.status !== "completed") throw new Error(`keel ended ${result.status}`);
};

/**
 * `client.beta.messages.toolRunner` of @anthropic-ai/sdk, the full history each turn (`thread: false`, as
 * bench 7). `compact`: the SDK's advice for long runs, server-side compaction "by passing
 * `edits: [{ type: 'compact_20260112' }]` in the params passed to `toolRunner()`" (its deprecation note on the
 * removed client-side `compactionControl`). `caching`: the prompt-caching guide's `cache_control` on the system
 * block (bench 7's documented caching), or automatic caching (a top-level `cache_control`, which marks the last
 * block of every request: `MessageCreateParamsBase.cache_control`).
 */
const toolRunner =
  ({ compact = false, caching = "none" } = {}) =>
  async (baseURL) => {
    const client = new Anthropic({ apiKey: "sk-ant-bench", baseURL, maxRetries: 0 });
    const readRecord = betaZodTool({
      name: "read_record",
      description: DESCRIPTION,
      inputSchema: z.object({ id: z.string() }),
      run: async ({ id }) => JSON.stringify(recordOf(id)),
    });
    const runner = client.beta.messages.toolRunner({
      model: MODEL,
      max_tokens: 4096,
      system:
        caching === "system"
          ? [{ type: "text", text: SYSTEM, cache_control: { type: "ephemeral" } }]
          : SYSTEM,
      messages: [{ role: "user", content: PROMPT }],
      tools: [readRecord],
      thread: false,
      max_iterations: ROUNDS + 2,
      ...(caching === "automatic" ? { cache_control: { type: "ephemeral" } } : {}),
      ...(compact ? { betas: ["compact-2026-01-12"], context_management: { edits: [compactEdit] } } : {}),
    });
    let last;
    for await (const message of runner) last = message;
    if (last?.stop_reason !== "end_turn") throw new Error(`tool runner ended ${last?.stop_reason}`);
  };

/**
 * The AI SDK's `generateText` with `@ai-sdk/anthropic`. `caching`: its provider docs' caching
 * (`providerOptions.anthropic.cacheControl` on the system message, bench 7's documented caching); `compact`:
 * its provider docs' compaction (`providerOptions.anthropic.contextManagement` with a `compact_20260112` edit).
 */
const aiSdk =
  ({ compact = false, caching = false } = {}) =>
  async (baseURL) => {
    const provider = createAnthropic({ apiKey: "sk-ant-bench", baseURL: `${baseURL}/v1` });
    const tools = {
      read_record: tool({
        description: DESCRIPTION,
        inputSchema: z.object({ id: z.string() }),
        execute: async ({ id }) => recordOf(id),
      }),
    };
    const system = aiSdkPrompt(SYSTEM, PROMPT, caching);
    const edits = [{ type: "compact_20260112", trigger: compactEdit.trigger, pauseAfterCompaction: false }];
    const result = await generateText({
      model: provider(MODEL),
      ...system,
      ...(compact ? { providerOptions: { anthropic: { contextManagement: { edits } } } } : {}),
      tools,
      maxOutputTokens: 4096,
      stopWhen: stepCountIs(ROUNDS + 2),
      maxRetries: 0,
    });
    if (result.finishReason !== "stop") throw new Error(`generateText ended ${result.finishReason}`);
  };

const CLEARING = { trigger: 30_000, keep: 3, clearAtLeast: 10_000 };
const trigger = `trigger ${COMPACT_AT / 1000}k`;
const rows = [
  await measure("`@anthropic-ai/sdk` tool runner, as it comes", toolRunner()),
  await measure(
    `tool runner + documented compaction (\`compact_20260112\`, ${trigger}) + system caching`,
    toolRunner({ compact: true, caching: "system" }),
  ),
  await measure(
    `tool runner + documented compaction (${trigger}) + automatic caching (top-level \`cache_control\`)`,
    toolRunner({ compact: true, caching: "automatic" }),
  ),
  await measure("AI SDK `generateText`, as it comes", aiSdk()),
  await measure("AI SDK + documented system caching", aiSdk({ caching: true })),
  await measure(
    `AI SDK + documented compaction (\`contextManagement\`, ${trigger}) + system caching`,
    aiSdk({ compact: true, caching: true }),
  ),
  await measure("**Keel** (cache breakpoints), no context editing", keel(undefined)),
  await measure(
    "**Keel** + tool-use clearing (trigger 30k, keep 3, clear_at_least 10k)",
    keel({ clearToolUses: CLEARING }),
  ),
  await measure(`**Keel** + compaction (${trigger})`, keel({ compact: { trigger: COMPACT_AT } })),
  await measure(
    "**Keel** + clearing + compaction",
    keel({ clearToolUses: CLEARING, compact: { trigger: COMPACT_AT } }),
  ),
];

const completed = (row) => row.status === "completed";
const cheapest = (candidates) =>
  candidates
    .filter(completed)
    .reduce((best, row) => (best === undefined || row.total < best.total ? row : best), undefined);
const peersAsTheyCome = cheapest(rows.filter((row) => row.label.endsWith("as it comes")));
const peersDocumented = cheapest(
  rows.filter((row) => !row.label.startsWith("**Keel**") && !row.label.endsWith("as it comes")),
);
const keelBest = cheapest(rows.filter((row) => row.label.startsWith("**Keel**") && row.largest <= WINDOW));
const num = (value) => Math.round(value).toLocaleString("en");
const against = (row, peer) =>
  peer ? `${((100 * (row.total - peer.total)) / peer.total).toFixed(1)}%` : "—";

console.log(`Rounds: ${ROUNDS}; window ${num(WINDOW)} tokens; ${new Date().toISOString().slice(0, 10)}\n`);
console.log(
  `| session (${ROUNDS} rounds, 2–5 KB reads) | status | requests | compactions | billed input-token equivalents | vs cheapest peer as it comes | largest request (tokens) | over ${WINDOW / 1000}k window |`,
);
console.log("|---|---|---:|---:|---:|---:|---:|---|");
for (const row of rows) {
  console.log(
    `| ${row.label} | ${row.status} | ${row.requests} | ${row.compactions} | ${num(row.total)} | ${against(row, peersAsTheyCome)} | ${num(row.largest)} | ${row.largest > WINDOW ? "**yes**" : "no"} |`,
  );
}
if (keelBest) {
  const saving = peersAsTheyCome
    ? (100 * (peersAsTheyCome.total - keelBest.total)) / peersAsTheyCome.total
    : Number.NaN;
  console.log(`\nKeel's cheapest row within the window: ${keelBest.label} (${num(keelBest.total)}).`);
  console.log(
    `- ≥ 30% below the next peer as it comes (${peersAsTheyCome?.label ?? "none completed"}): ${saving.toFixed(1)}% → ${saving >= 30 ? "met" : "not met"}`,
  );
  console.log(
    `- no dearer than the best documented peer (${peersDocumented?.label ?? "none completed"}, ${peersDocumented ? num(peersDocumented.total) : "—"}): ${peersDocumented ? (keelBest.total <= peersDocumented.total ? "met" : "not met") : "no documented peer completed"}`,
  );
}
const over = (row) => row.label.startsWith("**Keel**") && row.largest > WINDOW;
const editing = rows.filter((row) => over(row) && !row.label.includes("no context editing"));
const plain = rows.filter((row) => over(row) && row.label.includes("no context editing"));
console.log(
  `- no request over the window, Keel with compaction or clearing: ${editing.length === 0 ? "met" : `not met (${editing.map((row) => row.label).join("; ")})`}` +
    (plain.length === 0
      ? ""
      : "; Keel without context editing passes it (as every loop without editing does)"),
);
