import { describe, expect, it } from "vitest";
import { AGENT_TOKEN, runBuilt, spawnHttpServer } from "./built-server.test-helpers.js";

describe("starting the HTTP server", () => {
  it("refuses a non-loopback address without a token, with exit code 2", async () => {
    const { code, stderr } = await runBuilt(["--http", "--host", "0.0.0.0", "--port", "0", "--memory"]);
    expect(code).toBe(2);
    expect(stderr).toContain("Refusing to listen on 0.0.0.0");
    expect(stderr).toContain("KEEL_MCP_TOKEN");
  });

  it("refuses a token too short to be secret, without printing it", async () => {
    const { code, stderr } = await runBuilt(["--http", "--port", "0", "--memory"], {
      KEEL_MCP_TOKEN: "changeme",
    });
    expect(code).toBe(2);
    expect(stderr).toContain("shorter than 16");
    expect(stderr).not.toContain("changeme");
  });

  it("rejects unknown flags as a usage error", async () => {
    const { code, stderr } = await runBuilt(["--htp"]);
    expect(code).toBe(2);
    expect(stderr).toContain("--help");
  });

  it("prints help and the version on stdout", async () => {
    const help = await runBuilt(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("--http");
    const version = await runBuilt(["--version"]);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("stops with exit code 0 on SIGTERM", async () => {
    const server = await spawnHttpServer({ KEEL_MCP_TOKEN: AGENT_TOKEN });
    expect(await server.stop()).toBe(0);
    expect(server.stderr()).toContain("stopped");
  });
});
