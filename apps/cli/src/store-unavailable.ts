import { KeelError } from "@keel/errors";
import { REDACTED, redactSecretText } from "@keel/secrets";
import { DataDirLockedError } from "@keel/support-desk/internal";
import { type BackendChoice, describeBackend } from "./run/backend-choice.js";

/**
 * The store a command needs is unavailable: it could not be opened or it stopped answering (PostgreSQL
 * unreachable, refused, a wrong password or a malformed URL; a PGlite folder that cannot be created or
 * written, or that another process holds). `main` is the one place that turns it into an exit code
 * (`EXIT.storeUnavailable`, 4) and, with `--json`, one `{"error": {"kind": "store_unavailable", …}}` object:
 * an outage never reads as "not found" or as a run's own end. The message names the store (never a
 * database URL's password: the store's own words pass through redactCredentials) and says what to do.
 */
export class StoreUnavailableError extends KeelError<"STORE_UNAVAILABLE"> {
  static override readonly errorName = "StoreUnavailableError";

  constructor(message: string, options: { cause?: unknown } = {}) {
    super("STORE_UNAVAILABLE", message, options);
  }
}

/**
 * Every secret `@keel/secrets` finds in `text` masked (a URL's password: `scheme://user:[REDACTED]@…`, never
 * printed): the one redactor, as traces and logs use it.
 */
export function redactCredentials(text: string): string {
  return redactSecretText(text);
}

/**
 * `text` with every password of the URLs among `sources` (the environment's values, the arguments) masked
 * as it was given and percent-decoded — secrets known by value, for a driver that echoes a fragment of one
 * outside its URL, or a password that is not percent-encoded (`p@ss/word`) — then every secret shape masked
 * by redactCredentials.
 */
export function withoutPasswords(text: string, sources: Iterable<string | undefined>): string {
  let safe = text;
  for (const source of sources) {
    for (const candidate of source?.match(/[a-z][a-z0-9+.-]*:\/\/\S+/gi) ?? []) {
      const password = candidate.slice(candidate.indexOf("://") + 3).match(/^[^:/@\s]*:(.+)@[^@]*$/)?.[1];
      if (password === undefined || password.length < 3) continue;
      for (const form of new Set([password, safeDecode(password)])) safe = safe.split(form).join(REDACTED);
    }
  }
  return redactCredentials(safe);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A store as messages name it (never its URL) and what to do when it is unavailable. */
export interface StoreAbout {
  readonly name: string;
  readonly hint: string;
}

/** The support store (and its queue) of `--backend sql`, `--database-url`, `--data-dir`. */
function supportStore(choice: BackendChoice): StoreAbout {
  const name = describeBackend(choice);
  if (choice.kind === "postgres") {
    return {
      name,
      hint: "Check that PostgreSQL is running and reachable at the URL's host and port, and its user, password and database (--database-url or DATABASE_URL).",
    };
  }
  if (choice.kind === "pglite") {
    return {
      name,
      hint: "Use a --data-dir (or KEEL_DATA_DIR) this user can create and write, and that no other process holds.",
    };
  }
  return { name, hint: "" };
}

/** The store's own words (a driver may echo the URL it was given: its password is masked). */
function detailOf(error: unknown): string {
  const text = redactCredentials(error instanceof Error ? error.message : String(error));
  return text.trim().replace(/[.\s]+$/, "") || "no detail";
}

/**
 * The store could not be opened: `cannot open the PostgreSQL store (DATABASE_URL): connect ECONNREFUSED …`,
 * then what to do. Passes a StoreUnavailableError through unchanged.
 */
export function cannotOpen(
  choice: BackendChoice,
  error: unknown,
  about: StoreAbout = supportStore(choice),
): StoreUnavailableError {
  if (StoreUnavailableError.isInstance(error)) return error;
  // The folder's lock names its owner and says what to do already.
  const hint = DataDirLockedError.isInstance(error) ? "" : about.hint;
  return new StoreUnavailableError(`cannot open the ${about.name}: ${detailOf(error)}. ${hint}`.trimEnd(), {
    cause: error,
  });
}

/**
 * The store was open and failed while `doing` (`listing the runs`): an outage, never an empty answer.
 * Passes a StoreUnavailableError through unchanged.
 */
export function storeFailed(
  choice: BackendChoice,
  doing: string,
  error: unknown,
  about: StoreAbout = supportStore(choice),
): StoreUnavailableError {
  if (StoreUnavailableError.isInstance(error)) return error;
  return new StoreUnavailableError(
    `the ${about.name} failed while ${doing}: ${detailOf(error)} (an outage, not an answer). ${about.hint}`.trimEnd(),
    { cause: error },
  );
}

/**
 * Checks what can be known before opening: a PostgreSQL URL parses (pg reads a URL, or a socket folder and
 * database, "/var/run/postgresql keel"; anything else it would take for a host name: "notaurl" fails as
 * "getaddrinfo ENOTFOUND base"). A PGlite folder needs nothing here: the stores make theirs one level at a
 * time (`makeFolder` of `@keel/folder-lock`), so one that cannot be made fails at once, through `cannotOpen`.
 */
export function checkDatabaseUrl(choice: BackendChoice, about: StoreAbout = supportStore(choice)): void {
  if (
    choice.kind === "postgres" &&
    !choice.databaseUrl.startsWith("/") &&
    !URL.canParse(choice.databaseUrl)
  ) {
    throw cannotOpen(
      choice,
      new Error("not a URL: give postgres:// then the user, password, host, port and database"),
      about,
    );
  }
}
