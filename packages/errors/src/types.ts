import type { DocumentContent, ImageContent } from "@keel/wire";

/**
 * The four categories of the taxonomy, plus `unclassified` for failures nobody categorised
 * (a tool that threw unexpectedly, a foreign MCP server's error without Keel metadata).
 */
export type ErrorCategory = "transient" | "validation" | "business" | "permission" | "unclassified";

/** JSON-compatible value: what crosses every wire. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** A text part of a tool's content beside its data (e.g. the text of an MCP resource). */
export interface TextContent {
  readonly type: "text";
  readonly text: string;
}

/** A content block a tool hands to the model beside its data: text, an image or a document. */
export type ToolContent = TextContent | ImageContent | DocumentContent;

/** The tool ran and produced data. */
export interface SuccessOutcome<T = unknown> {
  readonly kind: "success";
  readonly isError: false;
  readonly data: T;
  /**
   * Blocks the model sees after the data, as blocks (not stringified base64): an image a tool fetched,
   * a PDF, the text of a resource. Absent for most tools.
   */
  readonly content?: readonly ToolContent[];
}

/**
 * "We looked and it is not there": a valid answer, not a failure (e.g. ORDER_NOT_FOUND,
 * NO_FEES_ON_RECORD). `data` may carry a resolved value such as `{ resolved_basis: 0 }`.
 */
export interface EmptyOutcome<T = unknown> {
  readonly kind: "empty";
  readonly isError: false;
  readonly code: string;
  readonly message: string;
  readonly data?: T;
}

/** The tool could not do what was asked; the fields say what recovery can work. */
export interface ErrorOutcome {
  readonly kind: "error";
  readonly isError: true;
  readonly category: ErrorCategory;
  /** SCREAMING_SNAKE_CASE, stable, switchable. */
  readonly code: string;
  /** Written for the model: what happened and what to do next. Never a stack trace. */
  readonly message: string;
  /** Can recovery by retry succeed? (validation: only after the arguments change). */
  readonly retryable: boolean;
  readonly retryAfterMs?: number;
  /**
   * How many times the call already ran for this outcome, when more than once: the retries spent by whoever
   * ran it (set by the tool-call path of @keel/hooks). A caller further out counts them against its own
   * retry budget, so retries do not multiply across a hop (an agent calling a Keel MCP server).
   */
  readonly attempts?: number;
  /** Extra machine-readable fields (e.g. `field`, `expected`, `suggestion`). */
  readonly details?: JsonObject;
}

export type ToolOutcome<T = unknown> = SuccessOutcome<T> | EmptyOutcome<T> | ErrorOutcome;

export type Recovery = "retry" | "revise-arguments" | "escalate" | "answer";
