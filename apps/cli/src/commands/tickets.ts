import { existsSync } from "node:fs";
import { join } from "node:path";
import { didYouMean } from "@keel/diagnostics";
import type { Ticket } from "@keel/support-desk";
import { decideDurableRun } from "../durable/decide-run.js";
import { describeBackend } from "../run/backend-choice.js";
import { BACKEND_OPTIONS, chooseBackend, openBackend, sameStore } from "../run/open-backend.js";
import { storeFailed } from "../store-unavailable.js";
import type { Style } from "../terminal/style.js";
import { compactJson, plural } from "../trace/format-steps.js";
import { UsageError } from "../usage-error.js";
import { defineCommand, EXIT } from "./command.js";
import { decideTicket } from "./ticket-decision.js";

const HELP = `List the open escalation tickets in the store, or decide a held run.

Usage: keel tickets [--backend memory|sql] [--database-url URL] [--data-dir DIR] [--json]
       keel tickets approve T-… [--note "…"]      approve the paused run the ticket holds, and resume it
       keel tickets reject T-… --reason "…"        decline it; the conversation continues to its answer
       keel tickets approve|reject RUN-ID …        a queued run (keel run --enqueue --hold) awaiting approval:
                                                  the decision is queued and a worker continues the run

A run paused by "keel run --hold" waits in its ticket. Deciding signs the decision with
KEEL_APPROVAL_KEY (at least 32 bytes) or, on a PGlite folder without it, the folder's own key (DIR/approval.key,
made on first use, mode 0600; PostgreSQL needs KEEL_APPROVAL_KEY, the same on every machine that decides),
records it as the ticket's resolution (the first decision stands),
and resumes the run from the store in this process: an approved refund is paid exactly once, however often
you approve.

Tickets are what escalate_to_human opens (directly, or when a hook redirects a refund over the limit).
The store defaults to sql — PostgreSQL at $DATABASE_URL, else PGlite in $KEEL_DATA_DIR or ./.keel-data,
the same store "keel run --backend sql" and the MCP server use. The memory backend starts empty in every
process, so it never has tickets to show.

Options:
  --backend memory|sql   the store (default sql)
  --database-url URL     PostgreSQL
  --data-dir DIR         PGlite data directory
  --json                 print { "backend", "tickets": [ ... ] }
  -h, --help             this help

Exit codes: 0 listed (none in a folder without a store: nothing is created), or the decided run completed
(approve|reject T-…) or its continuation was queued (RUN-ID); 1 the decided run ended otherwise, the ticket or
run was already decided or is not awaiting approval; 2 usage error; 4 the store is unavailable (PostgreSQL
unreachable, refused, a wrong password or a malformed URL; a --data-dir that cannot be created or written, or
that another process holds): nothing was decided, and the tickets are unknown, not absent. With --json an
unavailable store is one {"error": {"kind": "store_unavailable", "message"}} object.

Examples:
  keel run --scenario high-value-refund --backend sql && keel tickets
  keel tickets --data-dir /tmp/keel-data --json | jq '.tickets[].id'
`;

/** A ticket's id (`T-1001`); anything else decided is a queued run's id. */
const TICKET_ID = /^T-\d+$/;

/** What `keel tickets` does besides listing: decide the held run of a ticket. */
const ACTIONS = ["approve", "reject"];

function render(tickets: readonly Ticket[], where: string, style: Style): string {
  if (tickets.length === 0) return `No open tickets in the ${where}.\n`;
  const lines = [`${style.bold(plural(tickets.length, "open ticket"))} in the ${where}`, ""];
  for (const ticket of tickets) {
    lines.push(
      `${style.bold(ticket.id)}  ${style.yellow(ticket.category)}  customer ${ticket.customerId ?? "unknown"}  ${style.dim(ticket.createdAt)}`,
    );
    lines.push(`  ${ticket.summary}`);
    const { held_run: held, ...pending } = ticket.pendingRequest ?? {};
    if (held !== undefined)
      lines.push(
        style.yellow(
          `  ⏸ holds a paused run: keel tickets approve ${ticket.id} | reject ${ticket.id} --reason "…"`,
        ),
      );
    if (ticket.pendingRequest) lines.push(style.dim(`  pending: ${compactJson(pending, 160)}`));
  }
  return `${lines.join("\n")}\n`;
}

export const ticketsCommand = defineCommand({
  name: "tickets",
  help: HELP,
  options: {
    ...BACKEND_OPTIONS,
    json: { type: "boolean" },
    note: { type: "string" },
    reason: { type: "string" },
  },
  async run({ values, positionals }, { io, env, style }) {
    const [action, ticketId, ...extra] = positionals;
    const deciding = action === "approve" || action === "reject";
    if ((action !== undefined && !deciding) || (deciding && (ticketId === undefined || extra.length > 0))) {
      const unknown = deciding
        ? ""
        : `Unknown subcommand "${action}".${didYouMean(action ?? "", ACTIONS, (name) => `keel tickets ${name}`)} `;
      throw new UsageError(
        `${unknown}Use "keel tickets", "keel tickets approve T-…" or "keel tickets reject T-… --reason …".`,
      );
    }
    if (action === "reject" && !values.reason?.trim())
      throw new UsageError(`reject needs --reason "…": the customer is told why.`);
    const choice = chooseBackend(values, env, io.cwd, "sql");
    const where = describeBackend(choice);
    const verdict =
      action === "approve"
        ? { verdict: "approve" as const, ...(values.note ? { note: values.note } : {}) }
        : { verdict: "reject" as const, reason: values.reason ?? "" };
    // A queued run (keel run --enqueue) is decided in the queue, and a worker continues it.
    if (deciding && !TICKET_ID.test(ticketId!)) {
      return decideDurableRun(ticketId!, verdict, {
        io,
        env,
        json: values.json === true,
        choice,
        store: sameStore(values),
      });
    }
    // Listing must not create a database: a folder that holds no PGlite store has no tickets.
    if (!deciding && choice.kind === "pglite" && !existsSync(join(choice.dataDir, "PG_VERSION"))) {
      io.stdout.write(
        values.json
          ? `${JSON.stringify({ backend: "pglite", tickets: [] })}\n`
          : `No store in ${choice.dataDir} yet, so no tickets (nothing was created).\n`,
      );
      return EXIT.ok;
    }
    // A store that cannot be opened or does not answer is a StoreUnavailableError: main gives it exit 4.
    const backend = await openBackend(choice);
    try {
      if (deciding) {
        return await decideTicket(backend, ticketId!, verdict, {
          io,
          env,
          style,
          json: values.json === true,
          choice,
        });
      }
      const listed = await backend.listTickets({ status: "open" });
      if (listed.kind !== "listed") throw storeFailed(choice, "listing the tickets", listed.kind);
      const backendName = choice.kind === "memory" ? "memory" : choice.kind;
      io.stdout.write(
        values.json
          ? `${JSON.stringify({ backend: backendName, tickets: listed.tickets })}\n`
          : render(listed.tickets, where, style),
      );
      return EXIT.ok;
    } finally {
      await backend.close();
    }
  },
});
