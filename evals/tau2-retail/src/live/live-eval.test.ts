import { AnthropicClient } from "@keel/loop";
import type { FakeMessagesApi } from "@keel/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadExpectedDigests, taskById } from "../gold/tasks.js";
import { retailPolicyHooks } from "../policy/policy-hooks.js";
import { type EvaluationReport, runEvaluation } from "./live-eval.js";
import { NO_TEXT, type TrialSettings } from "./live-trial.js";
import {
  goldConversation,
  type ScriptedConversation,
  startScriptedParties,
  transferConversation,
} from "./scripted-parties.test-helpers.js";
import { renderUserScenario } from "./user-simulator.js";

const settings: TrialSettings = {
  model: "claude-test-agent",
  userModel: "claude-test-user",
  maxTurns: 10,
  maxRounds: 20,
  preHooks: retailPolicyHooks,
};

describe("live mode against the testkit's fake Messages API (real SDK over HTTP)", () => {
  let api: FakeMessagesApi;
  let client: AnthropicClient;
  let report: EvaluationReport;
  const progress: string[] = [];

  beforeAll(async () => {
    api = await startScriptedParties([goldConversation(), transferConversation()]);
    client = new AnthropicClient({ apiKey: "sk-ant-api03-test-key-not-real-0000", baseURL: api.url });
    report = await runEvaluation(
      { taskIds: ["90", "108"], k: 2, settings, concurrency: 2 },
      () => ({ agent: client, user: client }),
      (result) => progress.push(`${result.task_id}/${result.trial}`),
    );
  }, 30_000);

  afterAll(async () => {
    await api.close();
  });

  it("passes every trial whose agent leaves the gold database", () => {
    const gold = report.trials.filter((trial) => trial.task_id === "90");
    expect(gold.map((trial) => [trial.trial, trial.termination, trial.passed])).toEqual([
      [1, "user_stop", true],
      [2, "user_stop", true],
    ]);
    expect(gold[0]?.digest).toBe(loadExpectedDigests().digests["90"]);
    // The simulated user wrote its opening, one "yes" before the cancellation, and the stop.
    expect(gold[0]?.user_turns).toBe(3);
    expect(gold[0]?.stopped_by_hooks).toBe(0);
  });

  it("fails every trial whose agent does something else, here a transfer that ends the conversation", () => {
    const other = report.trials.filter((trial) => trial.task_id === "108");
    expect(other.map((trial) => [trial.termination, trial.passed])).toEqual([
      ["agent_transfer", false],
      ["agent_transfer", false],
    ]);
    expect(other[0]?.digest).toBe(loadExpectedDigests().pristine);
  });

  it("reports pass^1 … pass^k per task and over the tasks", () => {
    expect(report.tasks).toEqual([
      { task_id: "90", passes: 2, trials: 2, pass_hat: [1, 1] },
      { task_id: "108", passes: 0, trials: 2, pass_hat: [0, 0] },
    ]);
    expect(report.pass_hat).toEqual([0.5, 0.5]);
    expect(report.errors).toBe(0);
    expect(progress.sort()).toEqual(["108/1", "108/2", "90/1", "90/2"]);
  });

  it("sends the agent the policy as its system prompt, and the user simulator τ²'s greeting first", () => {
    const userRequest = api.requests.find((request) => request.body.model === "claude-test-user");
    expect(userRequest?.body.messages[0]).toMatchObject({ role: "user" });
    expect(JSON.stringify(userRequest?.body.messages[0])).toContain("Hi! How can I help you today?");
    const agentRequest = api.requests.find((request) => request.body.model === "claude-test-agent");
    expect(JSON.stringify(agentRequest?.body.system)).toContain("Retail agent policy");
    expect(agentRequest?.body.tools?.length).toBe(16);
  });

  it("fails a trial at the user-turn cap", async () => {
    const [capped] = (
      await runEvaluation(
        { taskIds: ["90"], k: 1, settings: { ...settings, maxTurns: 2 }, concurrency: 1 },
        () => ({ agent: client, user: client }),
      )
    ).trials;
    expect([capped?.termination, capped?.user_turns, capped?.passed]).toEqual(["max_turns", 2, false]);
    // The cancellation ran after the second user message (the yes), yet the trial fails: no stop.
    expect(capped?.digest).toBe(loadExpectedDigests().digests["90"]);
  });

  it("passes a blank message on as a stand-in text (the API refuses an empty turn)", async () => {
    const task = taskById("36");
    const blank: ScriptedConversation = {
      opening: "Hello, I have a question about an order.",
      scenario: renderUserScenario(task),
      agent: [
        { content: [{ type: "text", text: "Sure. What is your email?" }] },
        { content: [{ type: "text", text: "Are you still there?" }] },
      ],
      user: ["Hello, I have a question about an order.", "   ", "###STOP###"],
    };
    const blankApi = await startScriptedParties([blank]);
    try {
      const blankClient = new AnthropicClient({
        apiKey: "sk-ant-api03-test-key-not-real-0000",
        baseURL: blankApi.url,
      });
      const [trial] = (
        await runEvaluation({ taskIds: ["36"], k: 1, settings, concurrency: 1 }, () => ({
          agent: blankClient,
          user: blankClient,
        }))
      ).trials;
      expect([trial?.termination, trial?.user_turns]).toEqual(["user_stop", 3]);
      const lastAgentRequest = blankApi.requests
        .filter((request) => request.body.model === "claude-test-agent")
        .at(-1);
      expect(JSON.stringify(lastAgentRequest?.body.messages.at(-1))).toContain(NO_TEXT);
    } finally {
      await blankApi.close();
    }
  });
});
