/** Row labels shared by the tables and the chart. */
export const LABELS = {
  transport: "transport alone: `fetch` + `res.json()` / a small SSE reader",
  floor: "floor: minimal loop over `messages.create` / `.stream().finalMessage()`",
  "floor-eager": "hand-written loop starting each tool at its `content_block_stop`",
  keel: "**Keel** `runAgent` + `AnthropicClient`",
  "tool-runner": "`@anthropic-ai/sdk` tool runner (`thread: false`, full history)",
  "tool-runner-eager": "`@anthropic-ai/sdk` tool runner + `runToolsEagerly`",
  "ai-sdk": "Vercel AI SDK `generateText` / `streamText`",
};

/** Short labels for the chart. */
export const SHORT = {
  transport: "transport alone",
  floor: "floor (SDK create/stream)",
  "floor-eager": "hand-written eager loop",
  keel: "Keel runAgent",
  "tool-runner": "SDK tool runner",
  "tool-runner-eager": "SDK tool runner + eager",
  "ai-sdk": "AI SDK",
};
