import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SERVER_VERSION } from "../version.js";
import { runCli } from "./run-cli.js";
import { USAGE } from "./usage.js";

function capture(stream: NodeJS.WriteStream): () => string {
  const chunks: string[] = [];
  vi.spyOn(stream, "write").mockImplementation((chunk: string | Uint8Array) => {
    chunks.push(String(chunk));
    return true;
  });
  return () => chunks.join("");
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("runCli", () => {
  it("prints the usage on stdout and returns 0 for --help", async () => {
    const stdout = capture(process.stdout);
    expect(await runCli(["--help"], {})).toBe(0);
    expect(stdout()).toBe(USAGE);
  });

  it("prints the package version for --version", async () => {
    const stdout = capture(process.stdout);
    expect(await runCli(["--version"], {})).toBe(0);
    expect(stdout()).toBe(`${SERVER_VERSION}\n`);
  });

  it("returns 2 with a pointer to --help for a usage error, writing nothing to stdout", async () => {
    const stdout = capture(process.stdout);
    const stderr = capture(process.stderr);
    expect(await runCli(["--port", "1"], {})).toBe(2);
    expect(stderr()).toContain("only apply with --http");
    expect(stdout()).toBe("");
  });

  it("returns 2 and names the file when --data-dir points at a file (the store's own check)", async () => {
    const folder = mkdtempSync(join(tmpdir(), "keel-mcp-data-dir-"));
    const notes = join(folder, "notes.txt");
    writeFileSync(notes, "not a folder");
    const stdout = capture(process.stdout);
    const stderr = capture(process.stderr);
    expect(await runCli(["--data-dir", notes, "--log-level", "silent"], {})).toBe(2);
    expect(stderr()).toMatch(/^keel-mcp: The data directory .*notes\.txt cannot be used: it is a file/);
    expect(stdout()).toBe("");
  });

  it("suggests the nearest option for a mistyped one, with exit code 2", async () => {
    const stderr = capture(process.stderr);
    expect(await runCli(["--memroy"], {})).toBe(2);
    expect(stderr()).toBe(
      "keel-mcp: Unknown option '--memroy'. Did you mean --memory? Run keel-mcp --help for the options.\n",
    );
  });

  it("refuses an argument that is not an option, with exit code 2", async () => {
    const stderr = capture(process.stderr);
    expect(await runCli(["serve"], {})).toBe(2);
    expect(stderr()).toBe(
      "keel-mcp: Unexpected argument 'serve': only options are allowed. Run keel-mcp --help for the options.\n",
    );
  });
});
