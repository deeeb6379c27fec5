import { didYouMean, nearestName } from "@keel/diagnostics";
import { describe, expect, it } from "vitest";
import { COMMAND_LINE_EXIT, commandLine } from "./command-line.js";

/** The error the test programs throw, so a test can tell a usage error from any other failure. */
class TestUsageError extends Error {}

interface TestContext {
  readonly io: { readonly stdout: { write(text: string): unknown } };
}

function context(): { context: TestContext; out: string[] } {
  const out: string[] = [];
  return { context: { io: { stdout: { write: (text: string) => out.push(text) } } }, out };
}

/** A program with subcommands, worded as `keel` is. */
const keel = commandLine<TestContext>({
  name: "keel",
  usageError: (message) => new TestUsageError(message),
});

/** A program without subcommands or positionals, worded as `keel-mcp` is. */
const keelMcp = commandLine({
  name: "keel-mcp",
  quoteHelp: false,
  helpAfterValueErrors: true,
  usageError: (message) => new TestUsageError(message),
});
const MCP_OPTIONS = {
  memory: { type: "boolean" },
  http: { type: "boolean" },
  port: { type: "string" },
} as const;

const echo = keel.defineCommand({
  name: "echo",
  help: "Usage: keel echo [--loud] [--times N] WORDS\n",
  options: { loud: { type: "boolean" }, times: { type: "string" } },
  async run({ values, positionals }, { io }) {
    const text = positionals.join(" ");
    io.stdout.write(`${(values.loud ? text.toUpperCase() : text).repeat(Number(values.times ?? 1))}\n`);
    return 0;
  },
});

function thrown(action: () => unknown): Error {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(TestUsageError);
    return error as Error;
  }
  throw new Error("expected a usage error");
}

describe("defineCommand: one owner for parsing, --help and usage errors", () => {
  it("hands the command typed values and positionals", async () => {
    const { context: ctx, out } = context();
    expect(await echo.run(["--loud", "hi", "--times", "2"], ctx)).toBe(0);
    expect(out).toEqual(["HIHI\n"]);
  });

  it.each([["--help"], ["-h"]])("prints the help for %s and exits 0 without running", async (flag) => {
    const { context: ctx, out } = context();
    expect(await echo.run(["hi", flag], ctx)).toBe(COMMAND_LINE_EXIT.ok);
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
    expect(error).toBeInstanceOf(TestUsageError);
    expect(String((error as Error).message)).not.toContain("Did you mean");
  });

  it("turns a missing option value into a usage error", async () => {
    const { context: ctx } = context();
    await expect(echo.run(["--times"], ctx)).rejects.toThrow(
      /--times needs a value, and nothing follows it\. Run "keel echo --help"/,
    );
  });
});

describe("defineCommand: a command that takes options only", () => {
  const list = keel.defineCommand({
    name: "list",
    help: "Usage: keel list [--naive] [--json]\n",
    options: { naive: { type: "boolean" }, json: { type: "boolean" } },
    positionals: false,
    async run({ values }, { io }) {
      io.stdout.write(`${values.naive ? "naive" : "real"}\n`);
      return 0;
    },
  });

  it("runs without arguments", async () => {
    const { context: ctx, out } = context();
    expect(await list.run(["--naive"], ctx)).toBe(0);
    expect(out).toEqual(["naive\n"]);
  });

  it("refuses an argument, naming the option it looks like and the command's --help", async () => {
    const { context: ctx } = context();
    await expect(list.run(["naive"], ctx)).rejects.toThrow(
      /^Unexpected argument 'naive': only options are allowed\. Did you mean --naive\? Run "keel list --help" for the options\.$/,
    );
    await expect(list.run(["--json", "extra", "two"], ctx)).rejects.toThrow(
      /^Unexpected argument 'extra': only options are allowed\. Run "keel list --help" for the options\.$/,
    );
  });

  it("prints its help for --help, whatever else is on the line", async () => {
    const { context: ctx, out } = context();
    expect(await list.run(["extra", "--help"], ctx)).toBe(COMMAND_LINE_EXIT.ok);
    expect(out).toEqual(["Usage: keel list [--naive] [--json]\n"]);
  });
});

describe("parse: a program without subcommands (keel-mcp's wording)", () => {
  it("adds --help / -h to the options", () => {
    expect(keelMcp.parse(["-h"], MCP_OPTIONS).values).toEqual({ help: true });
    expect(keelMcp.parse(["--memory"], MCP_OPTIONS, { positionals: false }).values).toEqual({ memory: true });
  });

  it("suggests the nearest option for a mistyped one, and points at --help unquoted", () => {
    expect(thrown(() => keelMcp.parse(["--memroy"], MCP_OPTIONS)).message).toBe(
      "Unknown option '--memroy'. Did you mean --memory? Run keel-mcp --help for the options.",
    );
  });

  it("refuses an argument when it takes options only, naming the option it looks like", () => {
    expect(thrown(() => keelMcp.parse(["extra"], MCP_OPTIONS, { positionals: false })).message).toBe(
      "Unexpected argument 'extra': only options are allowed. Run keel-mcp --help for the options.",
    );
    expect(thrown(() => keelMcp.parse(["http"], MCP_OPTIONS, { positionals: false })).message).toBe(
      "Unexpected argument 'http': only options are allowed. Did you mean --http? Run keel-mcp --help for the options.",
    );
    expect(keelMcp.parse(["extra"], MCP_OPTIONS).positionals).toEqual(["extra"]);
  });

  it("keeps only the first sentence of Node's message", () => {
    expect(thrown(() => keelMcp.parse(["--memory=yes"], MCP_OPTIONS)).message).toBe(
      "Option '--memory' does not take an argument. Run keel-mcp --help for the options.",
    );
  });

  it("builds the program's usage error for a problem found after parsing", () => {
    expect(keelMcp.usage("--memory and --data-dir exclude each other.").message).toBe(
      "--memory and --data-dir exclude each other. Run keel-mcp --help for the options.",
    );
    expect(keel.usage("--record and --replay exclude each other.", "run").message).toBe(
      '--record and --replay exclude each other. Run "keel run --help" for the options.',
    );
  });
});

describe("readers of option values and positionals", () => {
  it("reads a whole number up to a maximum when one is given", () => {
    expect(keel.readInteger("--port", "65535", 0, 65_535)).toBe(65_535);
    expect(keel.readInteger("--port", "0", 0, 65_535)).toBe(0);
    for (const text of ["65536", "-1", "8.5", "", "0x10", "1e3"]) {
      expect(thrown(() => keel.readInteger("--port", text, 0, 65_535)).message).toBe(
        `--port needs a whole number from 0 to 65535, got "${text}".`,
      );
    }
  });

  it("points a bad value at --help only for a program that asks (keel-mcp)", () => {
    expect(thrown(() => keelMcp.readInteger("--port", "70000", 0, 65_535)).message).toBe(
      '--port needs a whole number from 0 to 65535, got "70000". Run keel-mcp --help for the options.',
    );
    expect(thrown(() => keelMcp.readFraction("--share", "2")).message).toMatch(
      / Run keel-mcp --help for the options\.$/,
    );
    expect(thrown(() => keel.readFraction("--min", "2")).message).not.toContain("--help");
  });

  it("takes one of a list of values, naming the nearest for a mistyped one", () => {
    const levels = ["info", "warn", "error", "silent"] as const;
    const level: "info" | "warn" | "error" | "silent" = keelMcp.oneOf("--log-level", "warn", levels);
    expect(level).toBe("warn");
    expect(thrown(() => keelMcp.oneOf("--log-level", "wran", levels)).message).toBe(
      '--log-level must be one of info, warn, error, silent, got "wran". Did you mean warn? Run keel-mcp --help for the options.',
    );
    expect(thrown(() => keel.oneOf("--surface", "rael", ["real", "naive"])).message).toBe(
      '--surface must be one of real, naive, got "rael". Did you mean real?',
    );
    expect(thrown(() => keel.oneOf("--surface", "", ["real", "naive"])).message).toBe(
      '--surface must be one of real, naive, got "".',
    );
    expect(thrown(() => keel.oneOf("--surface", 'a"b', ["real", "naive"])).message).toBe(
      '--surface must be one of real, naive, got "a\\"b".',
    );
  });

  it("reads whole numbers and shares, quoting what was given otherwise", () => {
    expect(keel.readInteger("--max-iterations", " 12 ", 1)).toBe(12);
    expect(thrown(() => keel.readInteger("--thinking", "512", 1024)).message).toBe(
      '--thinking needs a whole number of at least 1024, got "512".',
    );
    expect(keel.readFraction("--min", "0.9")).toBe(0.9);
    expect(thrown(() => keel.readFraction("--min", "90")).message).toBe(
      '--min needs a number from 0 to 1 (e.g. 0.9 for 90%), got "90".',
    );
  });

  it("takes exactly one positional, required or not", () => {
    const quote = "Quote a request that has spaces.";
    expect(keel.singlePositional("route", ["refund #1"], "request", true, quote)).toBe("refund #1");
    expect(keel.singlePositional("check-config", [], "config file", false)).toBeUndefined();
    // The printer puts "keel route: " in front: the message does not name the program or command again.
    expect(
      thrown(() => keel.singlePositional("route", ["refund", "#1"], "request", true, quote)).message,
    ).toBe('expected one request, got 2: "refund" "#1". Quote a request that has spaces.');
    // The quoting hint is the caller's: a file argument gets none.
    expect(thrown(() => keel.singlePositional("trace", ["a b", "c"], "trace file", true)).message).toBe(
      'expected one trace file, got 2: "a b" "c".',
    );
    expect(thrown(() => keel.singlePositional("route", [" "], "request", true)).message).toBe(
      'a request is required. Run "keel route --help" for examples.',
    );
  });
});

describe("didYouMean: the one wording of a suggestion", () => {
  it("is a sentence to follow another, or nothing", () => {
    expect(didYouMean("wran", ["info", "warn"])).toBe(" Did you mean warn?");
    expect(didYouMean("deploy", ["run", "route"])).toBe("");
    expect(didYouMean("", ["run"])).toBe("");
  });

  it("spells the name as it is typed, quoted only when it has a space", () => {
    expect(didYouMean("memroy", ["memory"], (name) => `--${name}`)).toBe(" Did you mean --memory?");
    expect(didYouMean("rnu", ["run", "route"], (name) => `keel ${name}`)).toBe(' Did you mean "keel run"?');
  });
});

describe("nearestName", () => {
  it("allows a third of the longer name to differ, at least one edit", () => {
    expect(nearestName("memroy", ["memory", "http"])).toBe("memory");
    expect(nearestName("rn", ["run", "route"])).toBe("run");
    expect(nearestName("deploy", ["run", "route", "tickets"])).toBeUndefined();
  });
});

describe("parse: values that start with a dash, and options given twice", () => {
  const OPTIONS = { min: { type: "string", short: "m" }, json: { type: "boolean" } } as const;

  it.each([
    [["--min", "-1"], "-1"],
    [["-m", "-0.5"], "-0.5"],
    [["--min=-1"], "-1"],
  ])(
    "reads %j as a value, so the command's range check answers, not 'argument is ambiguous'",
    (args, value) => {
      expect(keel.parse(args, OPTIONS).values.min).toBe(value);
      expect(thrown(() => keel.readInteger("--min", value, 1)).message).toContain(
        `--min needs a whole number of at least 1, got "${value}".`,
      );
    },
  );

  it("says the value is missing when another option follows", () => {
    expect(thrown(() => keel.parse(["--min", "--json"], OPTIONS, { command: "run" })).message).toBe(
      `--min needs a value, but "--json" after it is an option (give --min=VALUE for a value that starts with "-"). Run "keel run --help" for the options.`,
    );
  });

  it("says the value is missing when nothing follows", () => {
    expect(thrown(() => keel.parse(["--json", "--min"], OPTIONS)).message).toContain(
      "--min needs a value, and nothing follows it.",
    );
  });

  it("leaves arguments after -- alone", () => {
    expect(keel.parse(["--", "--min", "-1"], OPTIONS).positionals).toEqual(["--min", "-1"]);
  });

  it("refuses an option that takes a value given twice, rather than keeping the last", () => {
    for (const args of [
      ["--min=0.5", "--min", "0.9"],
      ["-m", "1", "--min=2"],
    ]) {
      expect(thrown(() => keel.parse(args, OPTIONS)).message).toBe(
        `--min is given more than once: give it once. Run "keel --help" for the options.`,
      );
    }
  });

  it("allows a boolean flag twice, and repeats of an option declared multiple", () => {
    const multiple = { tag: { type: "string", multiple: true }, json: { type: "boolean" } } as const;
    const parsed = keel.parse(["--json", "--tag", "a", "--tag", "b", "--json"], multiple);
    expect(parsed.values).toEqual({ json: true, tag: ["a", "b"] });
    expect(Object.keys(parsed)).not.toContain("tokens");
  });
});
