import { createHmac, timingSafeEqual } from "node:crypto";
import { canonicalJson } from "@keel/tools/internal";
import type { PendingCall } from "./run-snapshot.js";
import { RunSnapshotError } from "./run-snapshot-error.js";

/** A person's decision on one pending call, bound by its signature to exactly what was decided. */
export type ApprovalDecision =
  | {
      readonly approvalId: string;
      readonly verdict: "approve";
      /** The input to run instead of the held one (re-checked by validation and every pre-hook). */
      readonly input?: unknown;
      readonly note?: string;
      readonly signature: string;
    }
  | {
      readonly approvalId: string;
      readonly verdict: "reject";
      /** Why, for the model: it tells the user. */
      readonly message: string;
      readonly signature: string;
    };

/** The key decisions are signed with: configuration, never part of a snapshot. At least 32 bytes. */
export type ApprovalKey = string | Uint8Array;

type Unsigned = { readonly approvalId: string } & (
  | { readonly verdict: "approve"; readonly input?: unknown; readonly note?: string }
  | { readonly verdict: "reject"; readonly message: string }
);

/** Approves a pending call, as held or with an edited input. */
export function approveCall(
  call: PendingCall,
  key: ApprovalKey,
  options: { readonly input?: unknown; readonly note?: string | undefined } = {},
): ApprovalDecision {
  const decision: Unsigned = {
    approvalId: call.approvalId,
    verdict: "approve",
    ...(options.input === undefined ? {} : { input: options.input }),
    ...(options.note === undefined ? {} : { note: options.note }),
  };
  return { ...decision, signature: sign(call, decision, key) } as ApprovalDecision;
}

/** Rejects a pending call; the model is told a person declined, and why. */
export function rejectCall(call: PendingCall, key: ApprovalKey, message: string): ApprovalDecision {
  const decision: Unsigned = { approvalId: call.approvalId, verdict: "reject", message };
  return { ...decision, signature: sign(call, decision, key) } as ApprovalDecision;
}

/**
 * Checks a decision against the pending call it names: an unknown approval id, a decision signed with another
 * key, or one whose signed content (approval id, tool_use id, tool, verdict, canonical input, message) differs
 * from what is presented — a tampered amount, say — throws INVALID_APPROVAL before anything runs.
 */
export function verifyDecision(call: PendingCall, decision: ApprovalDecision, key: ApprovalKey): void {
  const expected = Buffer.from(sign(call, decision, key), "hex");
  const given = Buffer.from(typeof decision.signature === "string" ? decision.signature : "", "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new RunSnapshotError(
      "INVALID_APPROVAL",
      `resumeRun: the decision on ${call.approvalId} does not carry a valid signature for this call and input; ` +
        "nothing was run. Decide again with approveCall / rejectCall and the configured key.",
    );
  }
}

function sign(call: PendingCall, decision: Unsigned, key: ApprovalKey): string {
  checkKey(key);
  const input = decision.verdict === "approve" && decision.input !== undefined ? decision.input : call.input;
  const fields = [
    "keel-approval:v1",
    decision.approvalId,
    call.toolUseId,
    call.name,
    decision.verdict,
    canonicalJson(input),
    decision.verdict === "reject" ? decision.message : (decision.note ?? ""),
  ];
  return createHmac("sha256", key).update(JSON.stringify(fields)).digest("hex");
}

function checkKey(key: ApprovalKey): void {
  const length = typeof key === "string" ? Buffer.byteLength(key) : key?.byteLength;
  if (typeof length !== "number" || length < 32) {
    throw new RunSnapshotError(
      "INVALID_APPROVAL",
      "approval key: give at least 32 bytes (e.g. 64 hex characters from a secret store); it signs every decision.",
    );
  }
}
