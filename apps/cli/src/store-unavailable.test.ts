import { execFile } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { CLI_ROOT, type CliResult, onlyJson, runCli, temporaryDirectory } from "./cli.test-helpers.js";
import { EXIT } from "./commands/exit-codes.js";
import { redactCredentials, withoutPasswords } from "./store-unavailable.js";

/** Nothing listens on port 1: every connection is refused at once. The password must never be printed. */
const DOWN = "postgres://keel:s3cret@127.0.0.1:1/none";
const KEY = "k".repeat(40);
/** A folder no process can create (Linux: /proc takes no new entries), and one under a file. */
const UNCREATABLE = "/proc/keel-nope/data";

/** Every command that opens a store, as a person would type it (a run id where one is asked for). */
const OPENS_A_STORE: ReadonlyArray<readonly string[]> = [
  ["run", "--scenario", "low-value-refund", "--enqueue"],
  ["run", "--scenario", "low-value-refund", "--backend", "sql"],
  ["run", "--scenario", "low-value-refund", "--memory", "customer:C-1001"],
  ["worker"],
  ["runs"],
  ["runs", "show", "6f1c0000-0000-4000-8000-000000000000"],
  ["runs", "wait", "6f1c0000-0000-4000-8000-000000000000"],
  ["runs", "cancel", "6f1c0000-0000-4000-8000-000000000000"],
  ["tickets"],
  ["tickets", "approve", "T-1001"],
  ["tickets", "reject", "T-1001", "--reason", "no"],
  ["tickets", "approve", "6f1c0000-0000-4000-8000-000000000000"],
];

/** What an unavailable store looks like, whatever the command: exit 4, the store named, never "not found". */
function expectUnavailable(result: CliResult, command: string, json: boolean): void {
  const name = command.split(" ")[0];
  expect(result.code, command).toBe(EXIT.storeUnavailable);
  expect(result.stderr, command).toMatch(new RegExp(`^keel ${name}: cannot open the `, "m"));
  expect(result.stderr, command).not.toMatch(/unexpected failure|no such|no run |not found|No open tickets/i);
  expect(result.stderr, command).not.toMatch(/at .*\.[jt]s:\d+/);
  expect(result.stdout + result.stderr, command).not.toContain("s3cret");
  if (json) {
    expect(onlyJson(result.stdout), command).toEqual({
      error: { kind: "store_unavailable", message: expect.stringContaining("cannot open the ") },
    });
  }
}

describe("exit 4: PostgreSQL unreachable, for every command that opens a store (in-process, no mocks)", () => {
  it.each(OPENS_A_STORE.map((args) => [args.join(" "), args]))(
    "keel %s",
    async (command, args) => {
      const env = { DATABASE_URL: DOWN, KEEL_APPROVAL_KEY: KEY };
      const text = await runCli(args, { env });
      expectUnavailable(text, command, false);
      expect(text.stderr).toContain("PostgreSQL store (DATABASE_URL): connect ECONNREFUSED 127.0.0.1:1");
      expect(text.stderr).toContain("Check that PostgreSQL is running");
      if (args[0] !== "worker") expectUnavailable(await runCli([...args, "--json"], { env }), command, true);
    },
    30_000,
  );

  it("the same from --database-url, and a URL that is not one (exit 4, its password masked)", async () => {
    const given = await runCli(["tickets", "--database-url", DOWN, "--json"]);
    expectUnavailable(given, "tickets", true);
    const malformed = await runCli([
      "runs",
      "show",
      "abc",
      "--database-url",
      "postgres://keel:s3cret@[nohost/x",
      "--json",
    ]);
    expectUnavailable(malformed, "runs", true);
    expect(malformed.stderr).toContain("not a URL");
  });

  it("the MCP credential store too: keel mcp status and logout", async () => {
    const env = { KEEL_MCP_CREDENTIALS_DATABASE_URL: DOWN, KEEL_MCP_CREDENTIALS_KEY: KEY };
    const status = await runCli(["mcp", "status", "--json"], { env });
    expect(status.code).toBe(EXIT.storeUnavailable);
    expect(onlyJson(status.stdout)).toMatchObject({ error: { kind: "store_unavailable" } });
    expect(status.stderr).toContain("cannot open the MCP credential store in PostgreSQL");
    const logout = await runCli(["mcp", "logout", "linear"], { env });
    expect(logout.code).toBe(EXIT.storeUnavailable);
    expect(logout.stdout).toBe(""); // never "No credentials … were kept"
    expect(status.stdout + status.stderr + logout.stderr).not.toContain("s3cret");
  });
});

describe.skipIf(process.platform !== "linux")(
  "exit 4: a PGlite data dir that cannot be made, or that another process holds",
  () => {
    it.each(
      [
        ["run", "--scenario", "low-value-refund", "--enqueue"],
        ["run", "--scenario", "low-value-refund", "--backend", "sql"],
        ["worker"],
        ["tickets", "approve", "T-1001"],
        ["tickets", "approve", "6f1c0000-0000-4000-8000-000000000000"],
      ].map((args) => [args.join(" "), args]),
    )(
      "keel %s --data-dir /proc/…: at once, saying which folder and what to do",
      async (command, args) => {
        const result = await runCli([
          ...args,
          "--data-dir",
          UNCREATABLE,
          ...(args[0] === "worker" ? [] : ["--json"]),
        ]);
        expectUnavailable(result, command, args[0] !== "worker");
        expect(result.stderr).toContain(
          `PGlite store in ${UNCREATABLE}: the folder /proc/keel-nope cannot be created`,
        );
        expect(result.stderr).toContain("Use a --data-dir (or KEEL_DATA_DIR) this user can create and write");
      },
      30_000,
    );

    it("a folder another process holds is unavailable too: exit 4, the holder named", async () => {
      const dataDir = temporaryDirectory();
      // The lock every opener takes first; a live pid holds it (this one: two opens on a folder lose data too).
      writeFileSync(join(dataDir, "keel.lock"), String(process.pid));
      for (const args of [
        ["run", "--scenario", "low-value-refund", "--backend", "sql"],
        ["tickets", "approve", "T-1001"],
      ]) {
        const result = await runCli([...args, "--data-dir", dataDir, "--json"]);
        expectUnavailable(result, args.join(" "), true);
        expect(result.stderr).toContain(`is in use by another Keel process (pid ${process.pid})`);
      }
    });

    it("reading a folder that holds no store stays an answer, not an outage: nothing is created", async () => {
      expect((await runCli(["runs", "--data-dir", UNCREATABLE])).code).toBe(EXIT.ok);
      expect((await runCli(["tickets", "--data-dir", UNCREATABLE])).code).toBe(EXIT.ok);
    });

    it("a data dir under a file is still a usage error (exit 2), found before anything runs", async () => {
      const cwd = temporaryDirectory();
      writeFileSync(join(cwd, "notes.txt"), "");
      const result = await runCli(
        ["run", "--scenario", "low-value-refund", "--enqueue", "--data-dir", "notes.txt/db"],
        {
          cwd,
        },
      );
      expect(result.code).toBe(EXIT.usage);
      expect(result.stderr).toMatch(/notes\.txt is a file, not a directory/);
      expect(existsSync(join(cwd, "notes.txt", "db"))).toBe(false);
    });
  },
);

describe("the built bin, as a real process", () => {
  const BIN = `${CLI_ROOT}dist/index.js`;
  const exec = promisify(execFile);

  /** Runs the bin with a deadline: a hang fails the test instead of stalling it. */
  async function bin(args: readonly string[], env: Record<string, string>) {
    if (!existsSync(BIN))
      throw new Error(`${BIN} is missing: run "pnpm build" (turbo runs it before the tests).`);
    try {
      const { stdout, stderr } = await exec(process.execPath, [BIN, ...args], {
        cwd: temporaryDirectory(),
        env: { PATH: process.env.PATH ?? "", NO_COLOR: "1", ...env },
        timeout: 20_000,
        killSignal: "SIGKILL",
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code?: number; stdout?: string; stderr?: string; killed?: boolean };
      if (failed.killed) throw new Error(`keel ${args.join(" ")} did not end within 20 s`);
      if (typeof failed.code !== "number") throw error;
      return { code: failed.code, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
    }
  }

  it("keel run --enqueue, keel runs show and keel tickets exit 4 when PostgreSQL is down, the password unsaid", async () => {
    for (const args of [
      ["run", "--scenario", "low-value-refund", "--enqueue", "--json"],
      ["runs", "show", "abc", "--json"],
      ["tickets", "--json"],
    ]) {
      expectUnavailable(await bin(args, { DATABASE_URL: DOWN }), args.join(" "), true);
    }
  }, 60_000);

  it.skipIf(process.platform !== "linux")(
    "keel worker and keel run --backend sql on an uncreatable --data-dir exit 4 at once (they used to spin)",
    async () => {
      for (const args of [["worker"], ["run", "--scenario", "low-value-refund", "--backend", "sql"]]) {
        expectUnavailable(await bin([...args, "--data-dir", UNCREATABLE], {}), args.join(" "), false);
      }
    },
    60_000,
  );
});

describe("passwords are never printed", () => {
  it("from ./.env or a percent-encoded password either", async () => {
    const cwd = temporaryDirectory();
    writeFileSync(join(cwd, ".env"), "DATABASE_URL=postgres://keel:s3cret%2Fpw@127.0.0.1:1/none\n");
    const fromFile = await runCli(["runs", "show", "abc", "--json"], { cwd });
    expect(fromFile.code).toBe(EXIT.storeUnavailable);
    expect(fromFile.stdout + fromFile.stderr).not.toMatch(/s3cret/);
  });

  it("withoutPasswords masks the passwords of the URLs it is given, as given and decoded", () => {
    const url = "postgres://keel:p@ss%2Fw0rd@db.internal:5432/keel";
    expect(withoutPasswords("the server said p@ss/w0rd and p@ss%2Fw0rd", ["x", url])).toBe(
      "the server said [REDACTED] and [REDACTED]",
    );
    expect(withoutPasswords(`failed: ${url}`, [undefined, `--database-url=${url}`])).toBe(
      "failed: postgres://keel:[REDACTED]@db.internal:5432/keel",
    );
  });
});

describe("redactCredentials", () => {
  it("masks a URL's password, whatever the scheme, and leaves the rest", () => {
    expect(redactCredentials(`connect to ${DOWN} failed`)).toBe(
      "connect to postgres://keel:[REDACTED]@127.0.0.1:1/none failed",
    );
    expect(redactCredentials("postgresql://u:p%40ss@h/db and https://a:b@c")).toBe(
      "postgresql://u:[REDACTED]@h/db and https://a:[REDACTED]@c",
    );
    expect(redactCredentials("postgres://keel@127.0.0.1/db")).toBe("postgres://keel@127.0.0.1/db");
  });
});
