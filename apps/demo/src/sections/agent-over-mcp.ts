import { DEFAULT_MODEL, type RunResult, runAgent, ScriptedClient } from "@keel/loop";
import { connectMcpServer, type McpConnection } from "@keel/mcp-client";
import { createMemoryBackend, findScenario, SUPPORT_SYSTEM_PROMPT, supportAgent } from "@keel/support-desk";
import { createRemoteSupportHooks } from "@keel/support-desk/internal";
import { DEFAULT_TOOL_RETRY } from "@keel/tool-call/internal";
import { createCheckRecorder } from "../checks.js";
import type { AgentOverMcpCall, AgentOverMcpSection } from "../demo-report.js";
import { demoClock } from "../deterministic.js";
import { keelMcpEntry, stagedServerEntry } from "../mcp/server-entries.js";
import { parseStagedServerArguments } from "../mcp/staged-server-options.js";

const NO_WAIT = () => Promise.resolve();

/** The model asks for an order while the order store is down for all three attempts. */
const OUTAGE_SCRIPT = [
  {
    content: [
      {
        type: "tool_use" as const,
        id: "toolu_outage_1",
        name: "lookup_order",
        input: { order_id: "ORD-1001" },
      },
    ],
  },
  {
    content: [
      { type: "text" as const, text: "Our order system is not answering right now; please try again later." },
    ],
  },
];
/** One order-store outage that outlasts a call's retries (a staged fault fails every attempt of one call). */
const OUTAGE_FAULTS = ["getOrder=unreachable"];

/**
 * The support agent with its tools served by keel-mcp over MCP — not imported — through @keel/mcp-client:
 * the $750 refund is still redirected to a person (the refund-limit hook runs in the agent, and the server
 * checks again), and an outage behind the server reaches the agent with the same category, code and
 * retryable flag as it has in-process, so the loop retries it, then answers.
 */
export async function agentOverMcpSection(): Promise<AgentOverMcpSection> {
  const check = createCheckRecorder("agent-over-mcp");
  const env = { PATH: process.env.PATH ?? "" };
  const connections: McpConnection[] = [];
  try {
    const keel = await connectMcpServer({
      name: "keel-mcp",
      server: {
        type: "stdio",
        command: process.execPath,
        args: [keelMcpEntry(), "--memory"],
        env,
        stderr: "pipe",
      },
    });
    connections.push(keel);
    const staged = await connectMcpServer({
      name: "staged",
      server: {
        type: "stdio",
        command: process.execPath,
        args: [stagedServerEntry(), ...OUTAGE_FAULTS.flatMap((fault) => ["--fault", fault])],
        env,
        stderr: "pipe",
      },
    });
    connections.push(staged);

    const scenario = findScenario("high-value-refund");
    if (scenario === undefined) throw new Error("the high-value-refund scenario is missing");
    const hooks = createRemoteSupportHooks();
    const refund = await runAgent({
      client: new ScriptedClient(scenario.responses),
      model: DEFAULT_MODEL,
      system: SUPPORT_SYSTEM_PROMPT,
      tools: keel.tools,
      hooks,
      prompt: scenario.request,
      metadata: scenario.metadata,
      sleep: NO_WAIT,
    });
    const outage = await runAgent({
      client: new ScriptedClient(OUTAGE_SCRIPT),
      model: DEFAULT_MODEL,
      system: SUPPORT_SYSTEM_PROMPT,
      tools: staged.tools,
      hooks,
      prompt: "Where is my order ORD-1001?",
      sleep: NO_WAIT,
    });
    const inProcess = await sameOutageInProcess();

    const redirected = refund.toolCalls.find((call) => call.requested === "process_refund");
    check.equal(
      "over MCP, the $750 refund is redirected to escalate_to_human by the agent's hook",
      [refund.status, redirected?.executed, redirected?.decision],
      ["completed", "escalate_to_human", "redirect"],
    );
    const failed = outage.toolCalls[0];
    const local = inProcess.toolCalls[0];
    // The server retried the outage itself and says so (`attempts`): the agent counts those runs against
    // its own budget instead of retrying on top, so the store is tried as often as in-process, not 3 × 3.
    const runsOf = (call: typeof failed) => (call?.outcome.isError ? call.outcome.attempts : undefined);
    check.equal(
      "an outage behind the server arrives with the category, code and runs it has in-process",
      [failed?.category, failed?.code, runsOf(failed), failed?.outcome.isError && failed.outcome.retryable],
      [local?.category, local?.code, runsOf(local), local?.outcome.isError && local.outcome.retryable],
    );
    check.equal(
      "the agent does not retry on top of the server's retries",
      [failed?.attempts, local?.attempts],
      [1, DEFAULT_TOOL_RETRY.maxAttempts],
    );
    check.equal("the run still ends with an answer", outage.status, "completed");
    return {
      servers: connections.map((connection) => `${connection.name} (${connection.tools.length} tools)`),
      calls: [...callsOf(refund), ...callsOf(outage)],
      refundStatus: refund.status,
      outageStatus: outage.status,
      checks: check.checks,
    };
  } finally {
    await Promise.all(connections.map((connection) => connection.close()));
  }
}

/** The same outage with the tools in this process: what "intact across the hop" is compared with. */
async function sameOutageInProcess(): Promise<RunResult> {
  const backend = createMemoryBackend({ now: demoClock });
  try {
    backend.faults.stage(
      parseStagedServerArguments(OUTAGE_FAULTS.flatMap((fault) => ["--fault", fault])).faults,
    );
    const agent = supportAgent(backend);
    return await runAgent({
      client: new ScriptedClient(OUTAGE_SCRIPT),
      model: DEFAULT_MODEL,
      ...agent,
      prompt: "Where is my order ORD-1001?",
      sleep: NO_WAIT,
    });
  } finally {
    await backend.close();
  }
}

function callsOf(result: RunResult): AgentOverMcpCall[] {
  return result.toolCalls.map((call) => ({
    requested: call.requested,
    executed: call.executed,
    decision: call.decision ?? "none",
    // Runs in all, the server's included: the agent ran this call once, the server tried the store 3 times.
    outcome: call.outcome.isError
      ? `${call.category} ${call.code} (${call.outcome.attempts ?? call.attempts} attempts)`
      : (call.code ?? "ok"),
  }));
}
