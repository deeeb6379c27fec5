import { callTool, mcpHeaders, postJson, type ToolCallAnswer } from "../mcp/mcp-http.js";

/** One kind of request in the load, with what counts as its intended answer. */
export interface LoadRequest {
  readonly name: string;
  readonly weight: number;
  /** Sends it; `sequence` makes client keys unique. Resolves with the answer class: intended or not. */
  send(url: string, sequence: number): Promise<{ readonly intended: boolean; readonly detail: string }>;
}

const outcomeCode = (answer: ToolCallAnswer) =>
  answer.kind === "result"
    ? (answer.meta?.["dev.keel/outcome"] as { code?: string } | undefined)?.code
    : undefined;

const describeAnswer = (answer: ToolCallAnswer) =>
  answer.kind === "result"
    ? `${answer.isError ? "error" : "result"} ${outcomeCode(answer) ?? String(answer.structured?.outcome ?? "")}`.trim()
    : answer.kind === "http_error"
      ? `HTTP ${answer.status}`
      : `no answer (${answer.error})`;

const tool = (
  name: string,
  weight: number,
  toolName: string,
  args: (sequence: number) => unknown,
  intended: (answer: ToolCallAnswer) => boolean,
  key?: (sequence: number) => string,
): LoadRequest => ({
  name,
  weight,
  async send(url, sequence) {
    const answer = await callTool(
      url,
      toolName,
      args(sequence),
      key ? { idempotencyKey: key(sequence) } : {},
    );
    return { intended: intended(answer), detail: describeAnswer(answer) };
  },
});

const LIST_TOOLS = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });

const isSuccess = (answer: ToolCallAnswer) => answer.kind === "result" && !answer.isError;
const REFUND_ANSWERS = new Set(["REFUND_EXCEEDS_ORDER", "ALREADY_REFUNDED"]);

/** The load: reads, empties, refunds (paid, then refused once the order is used up), redirects, refusals. */
export const LOAD_MIX: readonly LoadRequest[] = [
  tool("lookup_order", 40, "lookup_order", () => ({ order_id: "ORD-1001" }), isSuccess),
  tool(
    "get_customer_by_email",
    20,
    "get_customer_by_email",
    () => ({ email: "alice@example.com" }),
    isSuccess,
  ),
  tool(
    "lookup_order (absent)",
    10,
    "lookup_order",
    () => ({ order_id: "#55555" }),
    (answer) => isSuccess(answer) && answer.kind === "result" && answer.structured?.outcome === "empty",
  ),
  tool(
    "process_refund $0.01",
    10,
    "process_refund",
    () => ({ customer_id: "C-1003", order_id: "ORD-12345", amount: 0.01, reason: "Load test" }),
    (answer) =>
      (isSuccess(answer) && answer.kind === "result" && typeof answer.structured?.refund_id === "string") ||
      REFUND_ANSWERS.has(outcomeCode(answer) ?? ""),
    (sequence) => `load-${sequence}`,
  ),
  tool(
    "process_refund $750 (redirected)",
    5,
    "process_refund",
    () => ({ customer_id: "C-1001", order_id: "ORD-1002", amount: 750, reason: "Load test" }),
    (answer) => answer.kind === "result" && answer.structured?.outcome === "redirected",
  ),
  tool(
    "unknown tool",
    5,
    "issue_refund",
    () => ({}),
    (answer) => outcomeCode(answer) === "UNKNOWN_TOOL",
  ),
  {
    name: "no token (401)",
    weight: 5,
    async send(url) {
      try {
        const headers = mcpHeaders();
        delete headers.authorization;
        const { status } = await postJson(url, LIST_TOOLS, headers);
        return { intended: status === 401, detail: `HTTP ${status}` };
      } catch (error) {
        return { intended: false, detail: `no answer (${String(error)})` };
      }
    },
  },
  {
    name: "tools/list",
    weight: 5,
    async send(url) {
      try {
        const { status, text } = await postJson(url, LIST_TOOLS, mcpHeaders());
        const body = JSON.parse(text) as { result?: { tools?: unknown[] } };
        return { intended: status === 200 && body.result?.tools?.length === 6, detail: `HTTP ${status}` };
      } catch (error) {
        return { intended: false, detail: `no answer (${String(error)})` };
      }
    },
  },
];
