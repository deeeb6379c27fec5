import { resolve } from "node:path";
import {
  createMemoryBackend,
  createSqlBackend,
  type FaultableBackend,
  type SqlBackend,
} from "@keel/support-desk";
import { checkDataDir, DataDirNotADirectoryError } from "@keel/support-desk/internal";
import { oneOf } from "../commands/command.js";
import type { Environment } from "../env-file.js";
import { cannotOpen, checkDatabaseUrl } from "../store-unavailable.js";
import { UsageError } from "../usage-error.js";
import type { BackendChoice } from "./backend-choice.js";

/** `--backend memory|sql`, `--database-url URL` and `--data-dir DIR`: the options chooseBackend reads. */
export const BACKEND_OPTIONS = {
  backend: { type: "string" },
  "database-url": { type: "string" },
  "data-dir": { type: "string" },
} as const;

export interface BackendFlags {
  readonly backend?: string | undefined;
  readonly "database-url"?: string | undefined;
  readonly "data-dir"?: string | undefined;
}

/**
 * Reads --backend, --database-url and --data-dir (either of the last two implies sql). For sql, flags beat
 * the environment: --database-url, then --data-dir, then DATABASE_URL, then KEEL_DATA_DIR, then
 * `./.keel-data` — the same store the MCP server uses by default, so `keel tickets` sees its tickets too.
 */
export function chooseBackend(
  flags: BackendFlags,
  environment: Environment,
  cwd: string,
  fallback: "memory" | "sql",
): BackendChoice {
  const databaseUrl = flags["database-url"];
  const dataDir = flags["data-dir"];
  if (databaseUrl !== undefined && dataDir !== undefined) {
    throw new UsageError("--database-url and --data-dir exclude each other: PostgreSQL or embedded PGlite.");
  }
  if (databaseUrl !== undefined && databaseUrl.trim() === "")
    throw new UsageError("--database-url needs a URL.");
  if (dataDir !== undefined && dataDir.trim() === "") throw new UsageError("--data-dir needs a directory.");
  const backend = oneOf(
    "--backend",
    flags.backend ?? (databaseUrl !== undefined || dataDir !== undefined ? "sql" : fallback),
    ["memory", "sql"],
  );
  if (backend === "memory") {
    if (databaseUrl !== undefined || dataDir !== undefined) {
      throw new UsageError(
        "--database-url and --data-dir need --backend sql (the memory backend keeps nothing).",
      );
    }
    return { kind: "memory" };
  }
  if (databaseUrl !== undefined) return { kind: "postgres", databaseUrl, fromFlag: true };
  if (dataDir !== undefined) return pglite(`--data-dir ${dataDir}`, resolve(cwd, dataDir));
  if (environment.DATABASE_URL) return { kind: "postgres", databaseUrl: environment.DATABASE_URL };
  const named = environment.KEEL_DATA_DIR;
  return named
    ? pglite(`KEEL_DATA_DIR=${named}`, resolve(cwd, named))
    : pglite("the data directory ./.keel-data", resolve(cwd, ".keel-data"));
}

/**
 * A PGlite store in `dataDir`, which is made when missing. A file where the folder or one of its parents
 * should be is found by the store's own check (the one keel-mcp meets when it opens the folder) before
 * anything runs, and is a UsageError naming where the folder came from (`--data-dir notes.txt: ...`).
 */
function pglite(name: string, dataDir: string): BackendChoice {
  try {
    checkDataDir(dataDir);
  } catch (error) {
    if (!DataDirNotADirectoryError.isInstance(error)) throw error;
    const inTheWay = error.fileInTheWay;
    const what = inTheWay === dataDir ? "it is a file" : `${inTheWay} is a file`;
    throw new UsageError(`${name}: ${what}, not a directory (PGlite keeps its store in a directory).`);
  }
  return { kind: "pglite", dataDir };
}

/** What a hint adds after a command: ` --data-dir DIR`, and a note on a --database-url it cannot print. */
export interface StoreHint {
  readonly options: string;
  readonly note: string;
}

/**
 * The store options to repeat in a hint for a next command (`keel runs wait ID`, `keel tickets approve ID`),
 * so it reaches the same store: ` --data-dir DIR` as given; never a database URL, which may carry a
 * password — a hint on a store given with --database-url ends "(with the same --database-url)". Options
 * from the environment (DATABASE_URL, KEEL_DATA_DIR) need nothing: the next command reads them too.
 */
export function sameStore(flags: BackendFlags): StoreHint {
  const dataDir = flags["data-dir"];
  if (dataDir !== undefined) return { options: ` --data-dir ${shellWord(dataDir)}`, note: "" };
  if (flags["database-url"] !== undefined) return { options: "", note: " (with the same --database-url)" };
  return { options: flags.backend === "sql" ? " --backend sql" : "", note: "" };
}

/** `word` as one shell word: as it is when plain, else single-quoted. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./~-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

/**
 * Opens the store (migrating a SQL one); rejects with a StoreUnavailableError (exit 4) when a database cannot
 * be opened: PostgreSQL unreachable or refusing, a PGlite folder that cannot be made or that another process
 * holds.
 */
export async function openBackend(choice: BackendChoice): Promise<FaultableBackend | SqlBackend> {
  if (choice.kind === "memory") return createMemoryBackend();
  checkDatabaseUrl(choice);
  try {
    return await createSqlBackend(
      choice.kind === "pglite" ? { dataDir: choice.dataDir } : { databaseUrl: choice.databaseUrl },
    );
  } catch (error) {
    throw cannotOpen(choice, error);
  }
}
