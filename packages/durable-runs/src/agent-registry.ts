import type { RunOptions } from "@keel/loop";

/**
 * What a worker builds for one run: everything a snapshot never holds (the model client, tools, hooks) and
 * the run's settings. The run's prompt, run id, `checkpoint` and `signal` are the worker's.
 */
export type AgentDefinition = Omit<
  RunOptions,
  "prompt" | "messages" | "idGenerator" | "checkpoint" | "signal"
>;

/** What a factory knows about the run it builds an agent for. */
export interface AgentContext {
  readonly runId: string;
  readonly metadata: Readonly<Record<string, unknown>>;
  /**
   * True while the run continues after a person's decisions (`decideRun`), until it ends or awaits approval
   * again, also when another worker takes the continuation over after a crash. A scripted agent answers such
   * a turn from the decision, not from its script.
   */
  readonly decided: boolean;
}

/**
 * The agents a worker can run, by name. A run stores only the name and its JSON input; the worker that takes
 * it — any worker, after any crash — calls the factory of that name to rebuild the client, tools and hooks.
 * So every worker of a fleet must be started with the same registry (the same names, the same tools).
 */
export type AgentRegistry = Readonly<
  Record<string, (context: AgentContext) => AgentDefinition | Promise<AgentDefinition>>
>;
