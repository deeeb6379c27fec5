import { type ErrorOutcome, permissionError } from "@keel/errors";
import type { Tool } from "@keel/tools";

/**
 * Who is calling. `agent` may call every support tool (refunds still pass the business hooks);
 * `readonly` may call read tools only; `supervisor` sees only the approval tools (`list_pending_approvals`,
 * `decide_approval`), which no other role ever sees, so an agent cannot approve its own held calls. Over
 * HTTP the bearer token decides the role; over stdio the caller is the local user who started the
 * process, so the role is `agent`.
 */
export type Role = "agent" | "readonly" | "supervisor";

/** What each role may do, as data: a role that may not write gets a permission error for write tools. */
const ALLOWS_WRITES: Record<Role, boolean> = { agent: true, readonly: false, supervisor: true };

/**
 * The permission error for a call the role may not make, or null when it may. Checked before the hooks
 * (on the tool the client asked for) and again on the tool that would finally run after a redirect.
 */
export function roleDenies(role: Role, tool: Pick<Tool, "name" | "effect">): ErrorOutcome | null {
  if (tool.effect === "read" || ALLOWS_WRITES[role]) return null;
  return permissionError(
    "WRITE_FORBIDDEN",
    `The caller's role "${role}" may only use read tools, and "${tool.name}" changes data; nothing was done. ` +
      "Do not retry with this connection: tell the user that someone with write access (the agent role) " +
      "must do this.",
    { details: { role, tool: tool.name } },
  );
}
