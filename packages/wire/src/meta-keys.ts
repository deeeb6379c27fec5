/**
 * The MCP `_meta` keys Keel reads and writes, reverse-DNS so no other server's keys collide. The W3C trace
 * context keys (`traceparent`, `tracestate`) are in trace-context.ts with the code that reads them.
 */

/** The reverse-DNS `_meta` key under which a Keel MCP result carries its outcome. */
export const KEEL_META_KEY = "dev.keel/outcome";

/**
 * The request `_meta` key that names one logical write: a Keel MCP server keys the write's idempotency on
 * it, and Keel's MCP client sends the call's idempotency key under it. Other servers ignore it.
 */
export const IDEMPOTENCY_META_KEY = "dev.keel/idempotency-key";
