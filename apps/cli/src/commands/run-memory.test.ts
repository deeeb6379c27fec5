import { type FakeMessagesApi, startFakeMessagesApi, textResponse, toolUseResponse } from "@keel/testkit";
import { afterEach, describe, expect, it } from "vitest";
import { runCli, seededDataDir, temporaryDirectory } from "../cli.test-helpers.js";

const DUMMY_KEY = "sk-ant-api03-dummy-test-key-0123456789abcdefghij";
const servers: FakeMessagesApi[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A live run against a fake API that makes one memory call, then answers. */
async function memoryRun(dataDir: string, scope: string, input: Record<string, unknown>) {
  const api = await startFakeMessagesApi({
    script: [toolUseResponse([{ name: "memory", input }]), textResponse("Noted.")],
  });
  servers.push(api);
  const env = { ANTHROPIC_API_KEY: DUMMY_KEY, ANTHROPIC_BASE_URL: api.url };
  const run = await runCli(
    ["run", "Remember that I prefer email.", "--memory", scope, "--data-dir", dataDir, "--json"],
    { env, cwd: temporaryDirectory() },
  );
  expect(run.code, run.stderr).toBe(0);
  return { api, run };
}

describe("keel run --memory", () => {
  it("gives the agent the memory tool, whose files a later run for the same customer reads, and no other", async () => {
    const dataDir = await seededDataDir();
    const first = await memoryRun(dataDir, "customer:C-1001", {
      command: "create",
      path: "/memories/preferences.md",
      file_text: "contact: email",
    });
    expect(first.api.requests[0]!.body.tools).toContainEqual({ type: "memory_20250818", name: "memory" });
    const view = { command: "view", path: "/memories/preferences.md" };
    const again = await memoryRun(dataDir, "customer:C-1001", view);
    expect(JSON.stringify(again.api.requests[1]!.body.messages)).toContain("1\\tcontact: email");
    const other = await memoryRun(dataDir, "customer:C-1002", view);
    expect(JSON.stringify(other.api.requests[1]!.body.messages)).toContain(
      "Nothing is stored at /memories/preferences.md",
    );
  });

  it.each([
    [["--memory", "C-1001"], "customer:ID or conversation:ID"],
    [["--memory", "customer: "], "customer:ID or conversation:ID"],
    [["--memory", "customer:C-1001", "--backend", "memory"], "drop --backend memory"],
    [["--memory", "customer:C-1001", "--enqueue"], "not with --enqueue"],
    [["--memory", "customer:C-1001", "--mcp-config", ".mcp.json"], "not with --mcp-config"],
  ])("refuses %j as a usage error before anything runs", async (flags, message) => {
    const { code, stderr } = await runCli(["run", "Where is ORD-1005?", ...flags]);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
  });

  it("lists --memory in --help", async () => {
    const { stdout } = await runCli(["run", "--help"]);
    expect(stdout).toContain("--memory customer:ID|conversation:ID");
  });
});
