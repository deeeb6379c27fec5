import { type FakeMessagesApi, startFakeMessagesApi, textResponse, toolUseResponse } from "@keel/testkit";
import { afterEach, describe, expect, it } from "vitest";
import { runCli, seededDataDir, temporaryDirectory } from "../cli.test-helpers.js";

const DUMMY_KEY = "sk-ant-api03-dummy-test-key-0123456789abcdefghij";
const servers: FakeMessagesApi[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const EMAILS: Record<string, string> = { "C-1001": "alice@example.com", "C-1002": "bob@example.com" };

/**
 * A live run against a fake API that looks up `verify` (the scope's customer by default; `null`: nobody), then
 * makes one memory call, then answers. The memory call's result is in the third request's messages.
 */
async function memoryRun(
  dataDir: string,
  scope: string,
  input: Record<string, unknown>,
  verify: string | null = scope.replace(/^customer:/, ""),
) {
  const email = verify === null ? undefined : EMAILS[verify];
  const lookup =
    email === undefined ? [] : [toolUseResponse([{ name: "get_customer_by_email", input: { email } }])];
  const api = await startFakeMessagesApi({
    script: [...lookup, toolUseResponse([{ name: "memory", input }]), textResponse("Noted.")],
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
    expect(JSON.stringify(again.api.requests[2]!.body.messages)).toContain("1\\tcontact: email");
    const other = await memoryRun(dataDir, "customer:C-1002", view);
    expect(JSON.stringify(other.api.requests[2]!.body.messages)).toContain(
      "Nothing is stored at /memories/preferences.md",
    );
  });

  it("keeps a customer's memory closed until the conversation verified that customer, and from another customer", async () => {
    const dataDir = await seededDataDir();
    const write = { command: "create", path: "/memories/notes.md", file_text: "secret" };
    const unverified = await memoryRun(dataDir, "customer:C-1001", write, null);
    expect(JSON.stringify(unverified.api.requests[1]!.body.messages)).toContain(
      "MEMORY_CUSTOMER_NOT_VERIFIED",
    );
    const view = { command: "view", path: "/memories" };
    const bob = await memoryRun(dataDir, "customer:C-1001", view, "C-1002");
    expect(JSON.stringify(bob.api.requests[2]!.body.messages)).toContain("MEMORY_CUSTOMER_MISMATCH");
    const alice = await memoryRun(dataDir, "customer:C-1001", view);
    expect(JSON.stringify(alice.api.requests[2]!.body.messages)).not.toContain("notes.md");
  });

  it("needs no verification for a conversation's memory", async () => {
    const dataDir = await seededDataDir();
    const write = { command: "create", path: "/memories/notes.md", file_text: "draft" };
    const run = await memoryRun(dataDir, "conversation:conv-1", write, null);
    expect(JSON.stringify(run.api.requests[1]!.body.messages)).toContain("File created successfully");
  });

  it.each([
    [["--memory", "C-1001"], "customer:ID or conversation:ID"],
    [["--memory", "customer: "], "customer:ID or conversation:ID"],
    [["--memory", "customer:R-1", "--memory", "customer:R-2"], "one scope per run"],
    [["--memory", "customer: C-1001"], "must not start or end with whitespace"],
    [["--memory", "customer:C-1001\u0007"], "must not contain control characters"],
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
