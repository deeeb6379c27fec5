import { startFakeMessagesApi } from "@keel/testkit";
import { parseScenarioModel, scenarioResponse } from "../lib/scenarios.mjs";
import { supportResponse } from "../lib/support-session.mjs";

/**
 * The @keel/testkit server in its own process, so its CPU is measured apart from the clients'. Answers
 * by the request's model (see scenarios.mjs); `stats` returns its CPU time and request count so far.
 */
let requests = 0;
const api = await startFakeMessagesApi({
  recordRequests: false,
  handler: (request) => {
    requests += 1;
    const round = request.messages.filter((message) => message.role === "assistant").length;
    if (request.model.startsWith("bench-support-")) return supportResponse(round);
    const scenario = parseScenarioModel(request.model);
    if (!scenario) throw new Error(`unknown bench model ${request.model}`);
    return scenarioResponse(scenario, round);
  },
  // The tool reply of a delayed batch streams its blocks `d` ms apart; the answer comes at once.
  faults: (_index, request) => {
    const scenario = parseScenarioModel(request.model);
    if (scenario?.kind !== "batch" || !scenario.blockDelayMs) return null;
    const round = request.messages.filter((message) => message.role === "assistant").length;
    return { type: "slow", blockDelayMs: round === 0 ? scenario.blockDelayMs : 0 };
  },
});

process.on("message", async (/** @type {any} */ message) => {
  if (message?.type === "stats") {
    const cpu = process.cpuUsage();
    process.send?.({ type: "stats", id: message.id, cpuMicros: cpu.user + cpu.system, requests });
  } else if (message?.type === "close") {
    await api.close();
    process.exit(0);
  }
});
process.on("disconnect", () => process.exit(0));
process.send?.({ type: "ready", url: api.url });
