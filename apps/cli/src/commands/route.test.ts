import { type FakeMessagesApi, startFakeMessagesApi, textResponse, toolUseResponse } from "@keel/testkit";
import { afterEach, describe, expect, it } from "vitest";
import { onlyJson, runCli } from "../cli.test-helpers.js";

const servers: FakeMessagesApi[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
const KEY = "sk-ant-api03-route-test-dummy-key-000000000000";

describe("keel route", () => {
  it("routes by the boundaried descriptions and prints exactly { tool, ambiguous, reason }", async () => {
    const { code, stdout } = await runCli(["route", "check order #12345 status", "--json"]);
    expect(code).toBe(0);
    const json = onlyJson(stdout);
    expect(Object.keys(json)).toEqual(["tool", "ambiguous", "reason"]);
    expect(json).toMatchObject({ tool: "lookup_order", ambiguous: null });
  });

  it("goes AMBIGUOUS over the naive surface for the same request (the distractor)", async () => {
    const json = onlyJson((await runCli(["route", "check order #12345 status", "--naive", "--json"])).stdout);
    expect(json).toMatchObject({ tool: null, ambiguous: ["get_customer", "lookup_order"] });
  });

  it("answers no tool for an off-topic request", async () => {
    const json = onlyJson((await runCli(["route", "write me a haiku about autumn", "--json"])).stdout);
    expect(json).toMatchObject({ tool: null, ambiguous: null });
  });

  it("prints the choice and the reason for people", async () => {
    const { stdout } = await runCli(["route", "I want to speak to a manager"]);
    expect(stdout.split("\n")[0]).toBe("escalate_to_human");
    expect(stdout).toContain("its use-when matched");
  });

  it("ignores --model without --live, with a warning, and still routes offline", async () => {
    const { code, stdout, stderr } = await runCli([
      "route",
      "check order #12345 status",
      "--model",
      "m",
      "--json",
    ]);
    expect(code).toBe(0);
    expect(stderr).toBe("keel route: --model only applies with --live; ignored.\n");
    expect(onlyJson(stdout)).toMatchObject({ tool: "lookup_order", ambiguous: null });
  });

  it("needs a request (exit 2)", async () => {
    const { code, stderr } = await runCli(["route"]);
    expect(code).toBe(2);
    expect(stderr).toContain("keel route: a request is required.");
  });

  describe("--live", () => {
    it("sends the support tools' descriptions with tool_choice auto and reports the tool the model called", async () => {
      const api = await startFakeMessagesApi({
        script: [toolUseResponse([{ name: "lookup_order", input: { order_id: "#12345" } }])],
      });
      servers.push(api);
      const { code, stdout, stderr } = await runCli(
        ["route", "check order #12345 status", "--live", "--model", "claude-route-test", "--json"],
        { env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: api.url } },
      );
      expect(code).toBe(0);
      expect(stderr).toContain("LIVE");
      const json = onlyJson(stdout);
      expect(Object.keys(json)).toEqual(["tool", "ambiguous", "reason"]);
      expect(json).toMatchObject({ tool: "lookup_order", ambiguous: null });
      const body = api.requests[0]?.body;
      expect(body?.tool_choice).toEqual({ type: "auto" });
      expect(body?.stream).toBe(true);
      expect(body?.model).toBe("claude-route-test");
      expect(body?.tools?.map((tool) => tool.name)).toHaveLength(6);
      expect(body?.tools?.find((tool) => tool.name === "lookup_order")?.description).toContain(
        "Do NOT use when",
      );
      expect(body?.messages).toEqual([{ role: "user", content: "check order #12345 status" }]);
    });

    it("reports no tool with what the model said when it calls none", async () => {
      const api = await startFakeMessagesApi({
        script: [textResponse("Could you tell me which order you mean?")],
      });
      servers.push(api);
      const json = onlyJson(
        (
          await runCli(["route", "check my stuff", "--live", "--json"], {
            env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: api.url },
          })
        ).stdout,
      );
      expect(json).toMatchObject({ tool: null, ambiguous: null });
      expect(json.reason).toContain("called no tool");
      expect(json.reason).toContain("Could you tell me which order you mean?");
    });

    it("sends the naive descriptions with --naive", async () => {
      const api = await startFakeMessagesApi({
        script: [toolUseResponse([{ name: "get_customer", input: { query: "x" } }])],
      });
      servers.push(api);
      await runCli(["route", "check order #12345 status", "--live", "--naive"], {
        env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: api.url },
      });
      expect(api.requests[0]?.body.tools?.map((tool) => tool.name)).toEqual(["get_customer", "lookup_order"]);
    });

    it("exits 1 with a message when the model cannot be reached", async () => {
      const api = await startFakeMessagesApi({ script: [], faults: { 0: { type: "http", status: 400 } } });
      servers.push(api);
      const { code, stdout, stderr } = await runCli(["route", "where is ORD-1001", "--live", "--json"], {
        env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: api.url },
      });
      expect(code).toBe(1);
      expect(stdout).toBe("");
      expect(stderr).toContain("the model could not route the request: bad_request");
      expect(stderr).not.toContain(KEY);
    });

    it("needs ANTHROPIC_API_KEY (exit 2)", async () => {
      const { code, stderr } = await runCli(["route", "where is ORD-1001", "--live"]);
      expect(code).toBe(2);
      expect(stderr).toContain("--live asks the real model and needs ANTHROPIC_API_KEY");
    });
  });
});
