import { type ChildProcessWithoutNullStreams, execFileSync, spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

// Real processes: they race for one stale lock, each its own Node process calling the built tryLock; and a
// process of another user asks whether this one is alive; makeFolder meets a path that hangs Node's own.
const CONTENDER = fileURLToPath(new URL("./__fixtures__/contender.mjs", import.meta.url));
/** The built `internal` entry the child processes import, in a folder of this test's own (see beforeAll). */
let INTERNAL = "";
const CONTENDERS = 6;
const ROUNDS = 8;

// The child processes import the built package: built here into a folder of this test's own, not into dist/,
// which turbo's build of this package may be writing at the same moment (a child then imported a half-written
// file and exited 1 in CI).
beforeAll(() => {
  // In the package's .vitest/ (ignored by git), which the process of user `nobody` below can read, as dist/.
  const packageDir = fileURLToPath(new URL("..", import.meta.url));
  mkdirSync(join(packageDir, ".vitest"), { recursive: true });
  const built = mkdtempSync(join(packageDir, ".vitest", "built-"));
  chmodSync(built, 0o755);
  execFileSync("pnpm", ["exec", "tsc", "-p", "tsconfig.build.json", "--outDir", built], { cwd: packageDir });
  INTERNAL = pathToFileURL(join(built, "internal.js")).href;
  return () => rmSync(built, { recursive: true, force: true });
}, 120_000);

interface Outcome {
  readonly pid: number;
  readonly acquired: boolean;
  readonly holder: { readonly pid: number | null; readonly alive: boolean } | null;
}

/** Resolves with the first line `child` prints on stdout. */
function nextLine(child: ChildProcessWithoutNullStreams): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    const onData = (chunk: Buffer) => {
      text += chunk.toString("utf8");
      const end = text.indexOf("\n");
      if (end < 0) return;
      child.stdout.off("data", onData);
      resolve(text.slice(0, end));
    };
    child.stdout.on("data", onData);
    child.once("exit", (code) => reject(new Error(`contender exited (${code}) before a line`)));
  });
}

const exited = (child: ChildProcessWithoutNullStreams) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once("exit", resolve);
  });

/** A pid no process has: one that just exited. */
const deadPid = (): number => spawnSync(process.execPath, ["-e", ""]).pid as number;

describe("several processes taking over one stale lock at the same moment", () => {
  it(`leaves exactly one holder, every round (${ROUNDS} rounds of ${CONTENDERS} processes)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const dir = mkdtempSync(join(tmpdir(), "keel-lock-race-"));
      const path = join(dir, "race.lock");
      const dead = deadPid();
      writeFileSync(path, String(dead));
      const children = Array.from({ length: CONTENDERS }, () =>
        spawn(process.execPath, [CONTENDER, path, INTERNAL], { stdio: ["pipe", "pipe", "pipe"] }),
      );
      try {
        await Promise.all(children.map(async (child) => expect(await nextLine(child)).toBe("ready")));
        const outcomes = children.map(nextLine);
        const go = `go ${Date.now() + 150}\n`;
        for (const child of children) child.stdin.write(go);
        const results = (await Promise.all(outcomes)).map((line) => JSON.parse(line) as Outcome);

        const winners = results.filter((result) => result.acquired);
        expect(
          winners.map((winner) => winner.pid),
          `round ${round}: the processes that hold the lock`,
        ).toHaveLength(1);
        const winner = winners[0]!.pid;
        expect(readFileSync(path, "utf8")).toBe(String(winner));
        for (const loser of results.filter((result) => !result.acquired)) {
          expect(loser.holder).toEqual({ pid: winner, alive: true });
        }
      } finally {
        for (const child of children) child.stdin.end();
        expect(await Promise.all(children.map(exited))).toEqual(children.map(() => 0));
      }
      // The winner released its lock; no temporary or guard file is left behind.
      expect(readdirSync(dir)).toEqual([]);
    }
  }, 120_000);
});

describe("a holder this process may not signal", () => {
  it("is alive (kill(pid, 0) fails with EPERM)", () => {
    // As root, the question is asked from a process of user `nobody` (65534) about this root process;
    // as anyone else, this process asks about pid 1 (root's init). Either way signal 0 is refused with EPERM.
    const asRoot = process.getuid?.() === 0;
    const target = asRoot ? process.pid : 1;
    const script = `import(${JSON.stringify(INTERNAL)}).then(({ isAlive }) => {
      let code = "";
      try { process.kill(${target}, 0); } catch (error) { code = error.code; }
      console.log(JSON.stringify({ code, alive: isAlive(${target}) }));
    })`;
    const answer = spawnSync(process.execPath, ["-e", script], {
      encoding: "utf8",
      ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
    });
    expect(answer.stderr).toBe("");
    expect(JSON.parse(answer.stdout)).toEqual({ code: "EPERM", alive: true });
  });
});

describe("makeFolder in a process of its own", () => {
  it("fails at once where Node's recursive mkdir never settles (/proc)", () => {
    // In a child with a deadline: the bug this avoids is a hang, which would stall the test run itself.
    const child = spawnSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `import { makeFolder } from ${JSON.stringify(INTERNAL)};
         try { makeFolder("/proc/keel-nope/x"); } catch (error) { console.log(error.message); }`,
      ],
      { encoding: "utf8", timeout: 10_000 },
    );
    expect(child.signal).toBeNull();
    expect(child.stdout).toMatch(/^the folder \/proc\/keel-nope cannot be created \(ENOENT: /);
  });
});
