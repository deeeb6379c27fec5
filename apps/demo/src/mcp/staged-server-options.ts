import { parseArgs } from "node:util";
import { BACKEND_OPERATIONS, FAULT_KINDS, type StagedFault } from "@keel/support-desk/internal";
import { DEFAULT_TOOL_RETRY } from "@keel/tool-call/internal";

export interface StagedServerOptions {
  /**
   * Queued in order: each one fails the next tools/call that uses its operation, every attempt of it (the
   * server retries a transient failure as the tool-call path does: DEFAULT_TOOL_RETRY.maxAttempts runs).
   */
  readonly faults: readonly StagedFault[];
  /** Roles process_refund pays for; default the support desk's own (agent, supervisor). */
  readonly refundRoles?: readonly string[];
}

/**
 * Parses `--fault OPERATION=KIND` (repeatable) and `--refund-role ROLE` (repeatable). Throws an Error
 * whose message says what was wrong: the staged server is started by the demo, never typed by hand.
 */
export function parseStagedServerArguments(argv: readonly string[]): StagedServerOptions {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      fault: { type: "string", multiple: true },
      "refund-role": { type: "string", multiple: true },
    },
  });
  const faults = (values.fault ?? []).map(parseFault);
  const roles = values["refund-role"];
  return roles && roles.length > 0 ? { faults, refundRoles: roles } : { faults };
}

function parseFault(text: string): StagedFault {
  const [operation, kind] = text.split("=");
  const knownOperation = BACKEND_OPERATIONS.find((candidate) => candidate === operation);
  const knownKind = FAULT_KINDS.find((candidate) => candidate === kind);
  if (!knownOperation || !knownKind) {
    throw new Error(
      `--fault takes OPERATION=KIND with OPERATION one of ${BACKEND_OPERATIONS.join(", ")} and KIND one of ` +
        `${FAULT_KINDS.join(", ")}; got "${text}".`,
    );
  }
  return { operation: knownOperation, kind: knownKind, times: DEFAULT_TOOL_RETRY.maxAttempts };
}
