import type { RunStatus } from "@keel/loop";
import type { ToolCallDecision } from "@keel/loop/internal";

/** What kind of hostility a case carries; the report counts cases per category. */
export type HostileCategory =
  | "prompt-injection"
  | "amount-encoding"
  | "tool-name"
  | "non-object-input"
  | "oversized-result"
  | "deep-json"
  | "calculator"
  | "memory-path"
  | "mcp-http"
  | "mcp-config";

/** The categorised outcome of one tool_use block. */
export interface ExpectedCall {
  /** The pre-hook decision; null when validation refused the call first. */
  readonly decision: ToolCallDecision;
  /** The tool whose outcome entered the history; null when nothing ran. */
  readonly executed: string | null;
  /** The outcome code; null for a success. */
  readonly code: string | null;
}

/**
 * A hostile model turn run through runAgent with the support agent (memory store), the calculator and an
 * oversized read tool. `wire`: AnthropicClient against the fake Messages API (JSON can carry it);
 * `scripted`: ScriptedClient (values JSON cannot carry, such as NaN); `raw`: a bare ModelClient (inputs
 * too deep for the fake API to serialise).
 */
export interface LoopCase {
  readonly id: string;
  readonly category: HostileCategory;
  readonly why: string;
  readonly transport: "wire" | "scripted" | "raw";
  readonly prompt: string;
  /** Verify this customer first (get_customer_by_email), as a well-behaved run would. */
  readonly verifyEmail: string | null;
  /** The hostile reply: its tool_use blocks, in order. */
  readonly calls: readonly { readonly name: string; readonly input: unknown }[];
  readonly metadata?: Readonly<Record<string, unknown>>;
  readonly expect: {
    readonly status: RunStatus;
    /** Per hostile call, in order (the verification call is not listed). */
    readonly calls?: readonly ExpectedCall[];
    /** No tool of the hostile reply runs (when the exact records do not matter, only that nothing ran). */
    readonly nothingRuns?: true;
    /** Refunds the store paid (first payments). */
    readonly refundsPaid: number;
    /** Every request body the loop sent stays below this many bytes. */
    readonly maxRequestBytes?: number;
    /** Entries the memory tool's store (the SQL store, PGlite) holds after the run. */
    readonly memoryEntries?: number;
  };
}

/** How the body of a hostile HTTP request is made. */
export type BodySpec =
  | { readonly json: unknown }
  | { readonly text: string }
  | { readonly bytes: readonly number[] }
  /** A tools/call request. */
  | { readonly call: string; readonly arguments: unknown; readonly meta?: Readonly<Record<string, unknown>> }
  /** A tools/call whose `arguments` text is given raw (for tokens JSON.stringify cannot write: 1e3, NaN). */
  | { readonly call: string; readonly rawArguments: string }
  /** JSON nested `depth` levels deep, as the tools/call arguments or as the JSON-RPC id. */
  | { readonly nested: number; readonly at: "arguments" | "id" }
  /** A body of `size` bytes: with its Content-Length declared, or streamed chunked without one. */
  | { readonly size: number; readonly declared: boolean };

/** A hostile request to the MCP server over HTTP. */
export interface McpHttpCase {
  readonly id: string;
  readonly category: HostileCategory;
  readonly why: string;
  readonly request: {
    readonly method?: "POST" | "GET" | "DELETE" | "PUT";
    readonly path?: string;
    /** Default `agent` (the right token). */
    readonly auth?: "agent" | "none" | "wrong" | "basic" | "query";
    /** Replace or add headers (a null value removes one). */
    readonly headers?: Readonly<Record<string, string | null>>;
    readonly body?: BodySpec;
    /**
     * First open this many connections that send half a request line and stall (a slowloris flood from one
     * host), then wait until the server has closed them all; the request follows.
     */
    readonly flood?: number;
  };
  readonly expect: {
    readonly status: number;
    /** A JSON-RPC error code, or `any` for any JSON-RPC error. */
    readonly jsonRpcError?: number | "any";
    /** The Keel outcome code of a tools/call result (`_meta["dev.keel/outcome"].code`). */
    readonly keelCode?: string;
    /** `structuredContent.outcome` (e.g. `redirected`) or `success` for plain data. */
    readonly outcome?: "success" | "redirected";
    readonly header?: { readonly name: string; readonly includes: string };
    /** With `flood`: at least this many refused at once (past the server's limit), all closed within `ms`. */
    readonly flood?: { readonly refusedAtLeast: number; readonly allClosedWithinMs: number };
  };
}

/** A `.mcp.json` checked by the built `keel check-config`. */
export interface ConfigCase {
  readonly id: string;
  readonly category: "mcp-config";
  readonly why: string;
  /** The file's text. */
  readonly text: string;
  /** The only environment the CLI sees (plus PATH). */
  readonly env: Readonly<Record<string, string>>;
  readonly expect: {
    readonly exitCode: 0 | 1;
    /** Finding fields that must be reported (`server.field` as `field`). */
    readonly fields?: readonly string[];
    /** Text that must never be printed (the planted secret). */
    readonly neverPrinted?: string;
  };
}
