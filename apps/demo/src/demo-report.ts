import type { ErrorCategory } from "@keel/errors";
import type { RunResult, RunStatus } from "@keel/loop";
import type { ToolCallDecision } from "@keel/loop/internal";
import type { Check } from "./checks.js";

/** One answered tool_use block of a scenario, as printed: request → hook decision → outcome. */
export interface ScenarioToolCall {
  readonly id: string;
  readonly requested: string;
  readonly input: unknown;
  readonly decision: ToolCallDecision;
  readonly hook: string | null;
  /** The tool whose outcome entered the history; null when nothing ran. */
  readonly executed: string | null;
  /** The input the executed tool received when a hook changed it (a redirect). */
  readonly executedInput: unknown;
  readonly isError: boolean;
  readonly category: ErrorCategory | null;
  readonly code: string | null;
  readonly attempts: number;
  /** One line about the outcome, e.g. "ticket T-1001 (open, refund_over_limit)". */
  readonly summary: string;
}

/** One model response: its commentary text, then the tool calls it asked for. */
export interface ScenarioRound {
  readonly round: number;
  readonly text: string;
  readonly calls: readonly ScenarioToolCall[];
}

/** One scenario's run: `status`, `text`, `iterations` and `modelRequests` are its `RunResult`'s. */
export interface ScenarioReport extends Pick<RunResult, "status" | "text" | "iterations" | "modelRequests"> {
  readonly name: string;
  readonly title: string;
  readonly request: string;
  readonly rounds: readonly ScenarioRound[];
  readonly checks: readonly Check[];
}

export interface RefundRow {
  readonly refundId: string;
  readonly orderId: string;
  readonly customerId: string;
  readonly amount: number;
  readonly reason: string;
}

export interface TicketRow {
  readonly ticketId: string;
  readonly category: string;
  readonly customerId: string | null;
  readonly pendingRequest: unknown;
  readonly summary: string;
}

/** What the SQL store holds after the scenarios: the facts behind the final texts. */
export interface StoreFacts {
  readonly engine: string;
  readonly refunds: readonly RefundRow[];
  readonly openTickets: readonly TicketRow[];
}

/** The router's answer for one tool surface. */
export interface RouteRow {
  readonly surface: string;
  readonly tool: string | null;
  readonly ambiguous: readonly string[] | null;
  readonly reason: string;
}

export interface RoutingSection {
  readonly request: string;
  readonly rows: readonly RouteRow[];
  /** The routed tool, then called over MCP. */
  readonly followUp: McpCallRow;
  readonly checks: readonly Check[];
}

/** One tools/call over MCP, read back from the result: isError, and the rest from `_meta`. */
export interface McpCallRow {
  readonly label: string;
  /** Which stdio server answered: "keel-mcp" or "staged". */
  readonly server: string;
  readonly tool: string;
  readonly arguments: Readonly<Record<string, unknown>>;
  readonly isError: boolean;
  readonly category: ErrorCategory | null;
  readonly retryable: boolean;
  readonly code: string | null;
  /** The first line of the text content: what a model reads. */
  readonly text: string;
  /** One line about the outcome a Keel-aware client reads back (fromMcpResult). */
  readonly summary: string;
  /** Only for the cap basis: the number, or null when the result carries none. */
  readonly resolvedBasis?: number | null;
}

export interface McpSection {
  readonly rows: readonly McpCallRow[];
  readonly checks: readonly Check[];
}

export interface CoordinatorRow {
  readonly label: string;
  readonly attempt: number;
  readonly maxAttempts: number;
  readonly decision: string;
}

export interface CapBasisSection extends McpSection {
  readonly asOf: string;
  readonly coordinator: readonly CoordinatorRow[];
}

/** A held $750 refund, approved by a person, paid once, the conversation answered. */
export interface ApprovalSection {
  readonly ticketId: string;
  readonly heldStatus: RunStatus;
  readonly held: { readonly tool: string; readonly input: unknown; readonly reason: string };
  /** The decision recorded on the ticket ("approved: checked"). */
  readonly decision: string;
  /** The resumed conversation's final answer. */
  readonly answer: string;
  /** The status of the second approval's run (the same, nothing paid again). */
  readonly repeatedStatus: string;
  readonly refundsPaid: number;
  readonly checks: readonly Check[];
}

/** One tool call of the agent whose tools are served over MCP. */
export interface AgentOverMcpCall {
  readonly requested: string;
  readonly executed: string | null;
  readonly decision: string;
  /** "ok", a valid-empty code, or "<category> <code> (<n> attempts)": runs in all, a server's retries included. */
  readonly outcome: string;
}

/** The support agent with its tools served by keel-mcp over MCP (through @keel/mcp-client). */
export interface AgentOverMcpSection {
  readonly servers: readonly string[];
  readonly calls: readonly AgentOverMcpCall[];
  readonly refundStatus: RunStatus;
  readonly outageStatus: RunStatus;
  readonly checks: readonly Check[];
}

export interface McpServerInfo {
  readonly name: string;
  readonly command: string;
  readonly tools: readonly string[];
}

/** Everything the demo ran and saw; rendered as text for people or as JSON for programs. */
export interface DemoReport {
  readonly mode: "SIMULATION";
  readonly scenarios: readonly ScenarioReport[];
  readonly store: StoreFacts | null;
  readonly approval: ApprovalSection | null;
  readonly routing: RoutingSection | null;
  readonly errorCategories: McpSection | null;
  readonly accessVsEmpty: McpSection | null;
  readonly capBasis: CapBasisSection | null;
  readonly agentOverMcp: AgentOverMcpSection | null;
  readonly mcpServers: readonly McpServerInfo[];
  readonly checks: readonly Check[];
}

/** The MCP sections of a report in which none ran (an MCP server did not start). */
export const NO_MCP_SECTIONS = {
  routing: null,
  errorCategories: null,
  accessVsEmpty: null,
  capBasis: null,
  agentOverMcp: null,
  mcpServers: [],
} as const satisfies Partial<DemoReport>;
