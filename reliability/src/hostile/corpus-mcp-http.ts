import { z } from "zod";
import corpus from "./corpus-mcp-http.json" with { type: "json" };
import type { BodySpec, HostileCategory, McpHttpCase } from "./corpus-types.js";

/** The corpus server's connection limit (`keel-mcp --max-connections`), small enough to flood from a test. */
export const HOSTILE_MAX_CONNECTIONS = 32;
/** The corpus server's header timeout (`keel-mcp --header-timeout`, seconds): a flood is closed in seconds. */
export const HOSTILE_HEADER_TIMEOUT_SECONDS = 2;

const refundArguments = (amount: unknown, overrides: Record<string, unknown> = {}) => ({
  customer_id: "C-1001",
  order_id: "ORD-1002",
  amount,
  reason: "Stopped working",
  ...overrides,
});

/** A string, or `{ repeat, times }`: the string written that many times (a 100,000-character name). */
const text = z.union([
  z.string(),
  z
    .strictObject({ repeat: z.string().min(1), times: z.int().positive() })
    .transform(({ repeat, times }) => repeat.repeat(times)),
]);
const meta = z.record(z.string(), text).optional();
/** corpus-types.ts's BodySpec as the file writes it; `refund` is a process_refund's arguments, some replaced. */
const body = z.union([
  z.strictObject({ json: z.json() }),
  z.strictObject({ text: z.string() }),
  z.strictObject({ bytes: z.array(z.int().min(0).max(255)) }),
  z.strictObject({ call: text, arguments: z.json(), meta }),
  z
    .strictObject({ call: text, refund: z.looseObject({ amount: z.json() }), meta })
    .transform(({ call, refund: { amount, ...overrides }, meta }) => ({
      call,
      arguments: refundArguments(amount, overrides),
      ...(meta === undefined ? {} : { meta }),
    })),
  z.strictObject({ call: z.string(), rawArguments: z.string() }),
  z.strictObject({ nested: z.int().positive(), at: z.enum(["arguments", "id"]) }),
  z.strictObject({ size: z.int().positive(), declared: z.boolean() }),
  z.enum(["lookup", "listTools"]),
]);
const corpusSchema = z.strictObject({
  comment: z.string(),
  bodies: z.strictObject({ lookup: body, listTools: body }),
  groups: z.array(
    z.strictObject({
      category: z.enum([
        "prompt-injection",
        "amount-encoding",
        "tool-name",
        "non-object-input",
        "deep-json",
        "mcp-http",
      ]),
      expect: z.strictObject({
        status: z.int(),
        jsonRpcError: z.union([z.int(), z.literal("any")]).optional(),
        keelCode: z.string().optional(),
        outcome: z.enum(["success", "redirected"]).optional(),
        header: z.strictObject({ name: z.string(), includes: z.string() }).optional(),
      }),
      cases: z
        .array(
          z.strictObject({
            id: z.string().min(1),
            why: z.string().min(1),
            request: z.strictObject({
              method: z.enum(["POST", "GET", "DELETE", "PUT"]).optional(),
              path: z.string().optional(),
              auth: z.enum(["agent", "none", "wrong", "basic", "query"]).optional(),
              headers: z.record(z.string(), z.string().nullable()).optional(),
              body: body.optional(),
              flood: z.int().positive().optional(),
            }),
          }),
        )
        .min(1),
    }),
  ),
});

const { bodies, groups } = corpusSchema.parse(corpus);
type ParsedBody = z.infer<typeof body>;
const bodyOf = (spec: ParsedBody): BodySpec =>
  (typeof spec === "string" ? bodyOf(bodies[spec]) : spec) as BodySpec;

/** Hostile HTTP requests to the MCP server, each with the answer it must get; the server keeps serving after each. */
export const MCP_HTTP_CORPUS: readonly McpHttpCase[] = groups.flatMap(({ category, expect, cases }) =>
  cases.map(({ id, why, request: { body, ...request } }) => ({
    id,
    category: category satisfies HostileCategory,
    why,
    request: { ...request, ...(body === undefined ? {} : { body: bodyOf(body) }) } as McpHttpCase["request"],
    // The corpus server holds at most HOSTILE_MAX_CONNECTIONS connections (`--max-connections`,
    // run-hostile-corpus.ts) and closes one whose headers have not arrived within
    // HOSTILE_HEADER_TIMEOUT_SECONDS (`--header-timeout`, checked every second).
    expect: (request.flood === undefined
      ? expect
      : {
          ...expect,
          flood: {
            refusedAtLeast: request.flood - HOSTILE_MAX_CONNECTIONS,
            allClosedWithinMs: (HOSTILE_HEADER_TIMEOUT_SECONDS + 3) * 1000,
          },
        }) as McpHttpCase["expect"],
  })),
);
