import { describe, expect, it } from "vitest";
import { KeelMcpConfigError } from "../config-error.js";
import { parseCliArguments } from "./arguments.js";

const parse = (argv: string[], environment = {}) => parseCliArguments(argv, environment, "/work");

describe("parseCliArguments", () => {
  it("serves stdio on PGlite in ./.keel-data by default", () => {
    expect(parse([])).toEqual({
      kind: "stdio",
      store: { kind: "pglite", dataDir: "/work/.keel-data" },
      log: { level: "info", format: "text" },
    });
  });

  it("takes the data directory from KEEL_DATA_DIR, then from --data-dir", () => {
    expect(parse([], { KEEL_DATA_DIR: "state" })).toMatchObject({ store: { dataDir: "/work/state" } });
    expect(parse(["--data-dir", "/tmp/x"], { KEEL_DATA_DIR: "state" })).toMatchObject({
      store: { dataDir: "/tmp/x" },
    });
  });

  it("uses PostgreSQL when DATABASE_URL is set, unless a flag says otherwise", () => {
    const environment = { DATABASE_URL: "postgres://keel@localhost/keel" };
    expect(parse([], environment)).toMatchObject({ store: { kind: "postgres" } });
    expect(parse(["--memory"], environment)).toMatchObject({ store: { kind: "memory" } });
    expect(parse(["--data-dir", "d"], environment)).toMatchObject({ store: { kind: "pglite" } });
    expect(parse([], { DATABASE_URL: "" })).toMatchObject({ store: { kind: "pglite" } });
  });

  it("serves HTTP on 127.0.0.1:8787 unless told otherwise", () => {
    expect(parse(["--http", "--memory"])).toEqual({
      kind: "http",
      store: { kind: "memory" },
      log: { level: "info", format: "text" },
      host: "127.0.0.1",
      port: 8787,
      allowedOrigins: [],
      allowedHosts: [],
      requireConversation: false,
      maxConnections: undefined,
      headersTimeoutMs: undefined,
    });
    expect(
      parse(["--http", "--host", "::1", "--port", "0", "--max-connections", "16", "--memory"]),
    ).toMatchObject({ host: "::1", port: 0, maxConnections: 16 });
    expect(parse(["--http", "--header-timeout", "3", "--memory"])).toMatchObject({ headersTimeoutMs: 3000 });
  });

  it("answers help and version", () => {
    expect(parse(["--help"])).toEqual({ kind: "help" });
    expect(parse(["-v"])).toEqual({ kind: "version" });
  });

  it("refuses contradictory or malformed flags as usage errors", () => {
    for (const argv of [
      ["--memory", "--data-dir", "x"],
      ["--port", "80"],
      ["--http", "--port", "http"],
      ["--http", "--port", "70000"],
      ["--max-connections", "8"],
      ["--http", "--max-connections", "0"],
      ["--http", "--max-connections", "many"],
      ["--header-timeout", "5"],
      ["--http", "--header-timeout", "0"],
      ["--http", "--header-timeout", "1.5"],
      ["--http", "--header-timeout", "3601"],
      ["--bogus"],
      ["extra"],
    ]) {
      expect(() => parse(argv), argv.join(" ")).toThrow(/keel-mcp --help/);
    }
  });

  it("reads numbers with the helper's readInteger, worded with their range and pointing at --help", () => {
    expect(parse(["--http", "--memory", "--port", "65535", "--max-connections", "1000000"])).toMatchObject({
      port: 65_535,
      maxConnections: 1_000_000,
    });
    expect(parse(["--http", "--memory", "--header-timeout", "3600"])).toMatchObject({
      headersTimeoutMs: 3_600_000,
    });
    expect(() => parse(["--http", "--port", "65536"])).toThrow(
      /^--port needs a whole number from 0 to 65535, got "65536"\. Run keel-mcp --help for the options\.$/,
    );
    for (const args of [["--port", "-1"], ["--port=-1"]]) {
      expect(() => parse(["--http", ...args])).toThrow(
        /^--port needs a whole number from 0 to 65535, got "-1"/,
      );
    }
    expect(() => parse(["--http", "--max-connections", "1000001"])).toThrow(
      /^--max-connections needs a whole number from 1 to 1000000, got "1000001"\. Run keel-mcp --help/,
    );
    expect(() => parse(["--http", "--header-timeout", "0"])).toThrow(
      /^--header-timeout needs a whole number from 1 to 3600, got "0"\. Run keel-mcp --help/,
    );
  });

  it("answers --help even after an argument it would refuse", () => {
    expect(parse(["extra", "--help"])).toEqual({ kind: "help" });
  });

  it("names the nearest option for a mistyped one", () => {
    expect(() => parse(["--memroy"])).toThrow(
      /^Unknown option '--memroy'\. Did you mean --memory\? Run keel-mcp --help for the options\.$/,
    );
    expect(() => parse(["--http", "--prt", "80"])).toThrow(/Did you mean --port\?/);
    expect(() => parse(["--verbose"])).toThrow(/^Unknown option '--verbose'\. Run keel-mcp --help/);
  });

  it("names the option a swap, a start or a case slip meant", () => {
    expect(() => parse(["--http", "--prot", "80"])).toThrow(
      /^Unknown option '--prot'\. Did you mean --port\?/,
    );
    expect(() => parse(["--memroy"])).toThrow(/Did you mean --memory\?/);
    expect(() => parse(["--http", "--max", "5"])).toThrow(/Did you mean --max-connections\?/);
    expect(() => parse(["--http", "--header", "5"])).toThrow(/Did you mean --header-timeout\?/);
    expect(() => parse(["--verison"])).toThrow(/Did you mean --version\?/);
    // A start two options share names neither.
    expect(() => parse(["--log", "json"])).toThrow(/^Unknown option '--log'\. Run keel-mcp --help/);
  });

  it("names the nearest log level or format for a mistyped one", () => {
    expect(() => parse(["--log-level", "wran"])).toThrow(
      /^--log-level must be one of info, warn, error, silent, got "wran"\. Did you mean warn\? Run keel-mcp --help for the options\.$/,
    );
    expect(() => parse(["--log-level", "INFO"])).toThrow(/got "INFO"\. Did you mean info\?/);
    expect(() => parse(["--log-format", "jsno"])).toThrow(/got "jsno"\. Did you mean json\?/);
    expect(() => parse(["--log-format", "xml"])).toThrow(
      /^--log-format must be one of text, json, got "xml"\. Run/,
    );
  });

  it("refuses an argument that is not an option, naming the option it looks like", () => {
    expect(() => parse(["extra"])).toThrow(
      /^Unexpected argument 'extra': only options are allowed\. Run keel-mcp --help for the options\.$/,
    );
    expect(() => parse(["http"])).toThrow(/^Unexpected argument 'http': .* Did you mean --http\?/);
  });

  it("throws KeelMcpConfigError USAGE, which runCli turns into exit code 2", () => {
    const error = (() => {
      try {
        parse(["--memroy"]);
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(KeelMcpConfigError.isInstance(error) && error.code).toBe("USAGE");
  });
});
