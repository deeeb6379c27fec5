import { describe, expect, it } from "vitest";
import type { CommandContext } from "./commands/command.js";
import { defineCommand } from "./parse-command-line.js";
import { UsageError } from "./usage-error.js";

function context(): { context: CommandContext; out: string[] } {
  const out: string[] = [];
  const io = { stdout: { write: (text: string) => out.push(text) } };
  return { context: { io } as unknown as CommandContext, out };
}

const echo = defineCommand({
  name: "echo",
  help: "Usage: keel echo [--loud] [--times N] WORDS\n",
  options: { loud: { type: "boolean" }, times: { type: "string" } },
  async run({ values, positionals }, { io }) {
    const text = positionals.join(" ");
    io.stdout.write(`${(values.loud ? text.toUpperCase() : text).repeat(Number(values.times ?? 1))}\n`);
    return 0;
  },
});

describe("defineCommand: one owner for parsing, --help and usage errors", () => {
  it("hands the command typed values and positionals", async () => {
    const { context: ctx, out } = context();
    expect(await echo.run(["--loud", "hi", "--times", "2"], ctx)).toBe(0);
    expect(out).toEqual(["HIHI\n"]);
  });

  it.each([["--help"], ["-h"]])("prints the help for %s and exits 0 without running", async (flag) => {
    const { context: ctx, out } = context();
    expect(await echo.run(["hi", flag], ctx)).toBe(0);
    expect(out).toEqual(["Usage: keel echo [--loud] [--times N] WORDS\n"]);
  });

  it("names a mistyped option's nearest known one, and the command's --help", async () => {
    const { context: ctx } = context();
    await expect(echo.run(["--laud"], ctx)).rejects.toThrow(
      /^Unknown option '--laud'\. Did you mean --loud\? Run "keel echo --help" for the options\.$/,
    );
  });

  it("suggests nothing for an option far from every known one", async () => {
    const { context: ctx } = context();
    const error = await echo.run(["--verbose"], ctx).catch((thrown: unknown) => thrown);
    expect(UsageError.isInstance(error)).toBe(true);
    expect(String((error as Error).message)).not.toContain("Did you mean");
  });

  it("turns a missing option value into a usage error", async () => {
    const { context: ctx } = context();
    await expect(echo.run(["--times"], ctx)).rejects.toThrow(
      /--times.*argument missing\. Run "keel echo --help"/,
    );
  });
});
