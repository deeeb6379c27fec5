/**
 * Implementations by id, loaded lazily so each child process imports only the toolkit it measures.
 * @type {Record<string, () => Promise<(setup: import("./types.mjs").LoopSetup) => import("./types.mjs").Loop>>}
 */
export const LOOPS = {
  keel: async () => (await import("./keel.mjs")).createKeelLoop,
  "tool-runner": async () => (await import("./tool-runner.mjs")).createToolRunnerLoop,
  "tool-runner-eager": async () => {
    const { createToolRunnerLoop } = await import("./tool-runner.mjs");
    return (setup) => createToolRunnerLoop({ ...setup, eager: true });
  },
  "ai-sdk": async () => (await import("./ai-sdk.mjs")).createAiSdkLoop,
  floor: async () => (await import("./floor.mjs")).createFloorLoop,
  "floor-eager": async () => {
    const { createFloorLoop } = await import("./floor.mjs");
    return (setup) => createFloorLoop({ ...setup, eager: true });
  },
  transport: async () => (await import("./transport.mjs")).createTransportLoop,
};
