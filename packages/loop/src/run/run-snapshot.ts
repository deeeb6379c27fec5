import { isToolOutcome, type ToolOutcome } from "@keel/errors";
import type { CompletedCall } from "@keel/hooks";
import type { MessageParam, TextBlock, ToolResultBlock } from "@keel/wire";
import { z } from "zod/v4";
import { RunSnapshotError } from "./run-snapshot-error.js";
import type { RunUsage } from "./usage.js";

/**
 * The snapshot format this version writes (2 added the `running` checkpoint); it reads 1 and 2. A newer one is
 * refused with a clear error.
 */
export const RUN_SNAPSHOT_VERSION = 2;

/** A call a hook held: it did not run, and waits for a person's decision. */
export interface PendingCall {
  /** Stable: the same paused call always has the same approval id (`<runId>:<toolUseId>`). */
  readonly approvalId: string;
  readonly toolUseId: string;
  readonly name: string;
  readonly input: unknown;
  readonly reason: string;
  readonly approver?: string;
  readonly hook?: string;
}

/**
 * A paused run as versioned JSON: everything `resumeRun` needs except what cannot be serialised safely
 * (the client, tools, hooks and secrets are supplied again by the caller). `results` holds the tool_result of
 * every call of the paused turn in block order, `null` where a call still waits: calls that were not held
 * have already run, and never run again on resume.
 */
export interface RunSnapshot {
  readonly version: number;
  /**
   * Why the run stopped: `awaiting_approval` (calls wait for a person; `results` and `pending` describe the
   * paused turn), `model_error` (a transient model failure; the history ends on a user turn, nothing pends)
   * or `running` (a `checkpoint` of a run in progress: the history ends on a user turn or a paused reply — the
   * next step is a model request — or on an assistant turn whose tool calls have not run yet, `results` all
   * `null`; nothing pends).
   */
  readonly status: "awaiting_approval" | "model_error" | "running";
  readonly runId: string;
  readonly model: string;
  readonly maxTokens: number;
  readonly maxIterations: number;
  readonly system?: string | readonly TextBlock[];
  readonly metadata: Readonly<Record<string, unknown>>;
  /** The names of the tools the run had; resuming with another set is refused. */
  readonly tools: readonly string[];
  /** Tool rounds executed. */
  readonly iterations: number;
  /** Requests the loop sent to the model (a client's retries of one request count once). */
  readonly modelRequests: number;
  readonly usage: RunUsage;
  /** Every call answered so far, with the outcome that entered the history: what "earlier in this run" hooks read. */
  readonly calls: readonly CompletedCall[];
  /** The history up to and including the assistant turn whose calls are paused. */
  readonly messages: readonly MessageParam[];
  readonly results: readonly (ToolResultBlock | null)[];
  readonly pending: readonly PendingCall[];
}

const usageSchema = z.object({
  input_tokens: z.number().int().nonnegative(),
  output_tokens: z.number().int().nonnegative(),
  cache_creation_input_tokens: z.number().int().nonnegative(),
  cache_read_input_tokens: z.number().int().nonnegative(),
  server_tool_use: z
    .object({
      web_search_requests: z.number().int().nonnegative(),
      web_fetch_requests: z.number().int().nonnegative(),
    })
    .optional(),
  failed_attempts: z
    .object({
      attempts: z.number().int().nonnegative(),
      input_tokens: z.number().int().nonnegative(),
      output_tokens: z.number().int().nonnegative(),
      cache_creation_input_tokens: z.number().int().nonnegative(),
      cache_read_input_tokens: z.number().int().nonnegative(),
    })
    .optional(),
  repeated_requests: z.number().int().nonnegative().optional(),
});
const blockSchema = z.looseObject({ type: z.string() });
const messageSchema = z.object({
  role: z.enum(["user", "assistant"]),
  content: z.union([z.string(), z.array(blockSchema)]),
});
const toolResultSchema = z.looseObject({
  type: z.literal("tool_result"),
  tool_use_id: z.string().min(1),
  content: z.unknown(),
});
const pendingSchema = z.object({
  approvalId: z.string().min(1),
  toolUseId: z.string().min(1),
  name: z.string().min(1),
  input: z.unknown(),
  reason: z.string(),
  approver: z.string().optional(),
  hook: z.string().optional(),
});
const snapshotSchema = z.object({
  version: z.number().int().min(1).max(RUN_SNAPSHOT_VERSION),
  status: z.enum(["awaiting_approval", "model_error", "running"]),
  runId: z.string().min(1),
  model: z.string().min(1),
  maxTokens: z.number().int().positive(),
  maxIterations: z.number().int().positive(),
  system: z
    .union([z.string(), z.array(z.looseObject({ type: z.literal("text"), text: z.string() }))])
    .optional(),
  metadata: z.record(z.string(), z.unknown()),
  tools: z.array(z.string()),
  iterations: z.number().int().nonnegative(),
  modelRequests: z.number().int().nonnegative(),
  usage: usageSchema,
  calls: z.array(
    z.object({
      call: z.object({ id: z.string(), name: z.string(), input: z.unknown() }),
      executed: z.string(),
      outcome: z.custom<ToolOutcome>((value) => isToolOutcome(value), "a tool outcome"),
    }),
  ),
  messages: z.array(messageSchema).min(1),
  results: z.array(toolResultSchema.nullable()),
  pending: z.array(pendingSchema),
});

/**
 * Reads a snapshot (the object or its JSON text) and checks it fully before anything runs: a snapshot from
 * a newer version of Keel is refused by name, anything malformed names its first bad field, and the
 * pending calls must be exactly the `null` places of `results`.
 */
export function parseRunSnapshot(value: unknown): RunSnapshot {
  let data = value;
  if (typeof value === "string") {
    try {
      data = JSON.parse(value);
    } catch {
      throw new RunSnapshotError("INVALID_RUN_SNAPSHOT", "resumeRun: the snapshot is not valid JSON.");
    }
  }
  const version = (data as { version?: unknown } | null)?.version;
  if (typeof version === "number" && version > RUN_SNAPSHOT_VERSION) {
    throw new RunSnapshotError(
      "RUN_SNAPSHOT_TOO_NEW",
      `resumeRun: this snapshot has format version ${version}, written by a newer Keel; this @keel/loop reads ` +
        `version ${RUN_SNAPSHOT_VERSION}. Upgrade @keel/loop to resume it.`,
    );
  }
  const parsed = snapshotSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path.length > 0 ? issue.path.map(String).join(".") : "(root)";
    throw new RunSnapshotError("INVALID_RUN_SNAPSHOT", `resumeRun: snapshot.${path}: ${issue.message}.`);
  }
  const snapshot = parsed.data as unknown as RunSnapshot;
  checkPendingPlaces(snapshot);
  return snapshot;
}

function checkPendingPlaces(snapshot: RunSnapshot): void {
  if (snapshot.status === "running") {
    const last = snapshot.messages.at(-1)!;
    const toolUses = toolUseIdsOf(last).length;
    const toRun = last.role === "assistant" && toolUses > 0;
    const consistent =
      snapshot.version >= 2 &&
      snapshot.pending.length === 0 &&
      snapshot.results.length === (toRun ? toolUses : 0) &&
      snapshot.results.every((result) => result === null);
    if (consistent) return;
    throw new RunSnapshotError(
      "INVALID_RUN_SNAPSHOT",
      "resumeRun: a running snapshot has no pending calls, and a null result for each tool call of its last " +
        "assistant turn (none when the history ends on a user turn or on a turn without tool calls).",
    );
  }
  if (snapshot.status === "model_error") {
    if (
      snapshot.pending.length === 0 &&
      snapshot.results.length === 0 &&
      snapshot.messages.at(-1)?.role === "user"
    ) {
      return;
    }
    throw new RunSnapshotError(
      "INVALID_RUN_SNAPSHOT",
      "resumeRun: a model_error snapshot ends on a user turn and has no pending calls.",
    );
  }
  const open = new Set(snapshot.pending.map((call) => call.toolUseId));
  const last = snapshot.messages.at(-1);
  const toolUseIds = last === undefined ? [] : toolUseIdsOf(last);
  const consistent =
    last?.role === "assistant" &&
    toolUseIds.length === snapshot.results.length &&
    toolUseIds.every((id, index) => (snapshot.results[index] === null) === open.has(id)) &&
    open.size === snapshot.pending.length &&
    open.size > 0;
  if (!consistent) {
    throw new RunSnapshotError(
      "INVALID_RUN_SNAPSHOT",
      "resumeRun: the snapshot's pending calls do not match the paused assistant turn's tool_use blocks.",
    );
  }
}

/** The ids of a message's tool_use blocks, in block order. */
export function toolUseIdsOf(message: MessageParam): string[] {
  return Array.isArray(message.content)
    ? message.content.flatMap((block) => (block.type === "tool_use" ? [(block as { id: string }).id] : []))
    : [];
}
