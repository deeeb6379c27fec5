import type { RunOptions } from "@keel/loop";
import { type FaultableBackend, supportAgent } from "@keel/support-desk";
import { memoryTool } from "@keel/tools/memory";
import type { BackendChoice } from "./backend-choice.js";
import type { MemoryScope } from "./memory-flag.js";
import { openBackend } from "./open-backend.js";

/** What the run's agent is made of, and what to close when it ends. */
export interface RunSetup {
  readonly agent: Pick<RunOptions, "system" | "tools" | "hooks">;
  /** The in-process store (faults staged, held runs kept); absent when MCP servers own the store. */
  readonly backend?: FaultableBackend;
  close(): Promise<void>;
}

/**
 * The support agent on the in-process store; with `memory`, also the memory tool (`memory_20250818`), its
 * files in the SQL store under that scope, so a later run with the same scope reads what this one wrote. A
 * customer's memory opens only once the conversation verified that customer (`memoryCustomerId` of the support hooks).
 */
export async function localSetup(
  choice: BackendChoice,
  hold: boolean,
  memory: MemoryScope | undefined,
): Promise<RunSetup> {
  const backend = await openBackend(choice);
  const agent = supportAgent(backend, {
    ...(hold ? { refundLimitMode: "hold" } : {}),
    ...(memory !== undefined && "customerId" in memory ? { memoryCustomerId: memory.customerId } : {}),
  });
  if (memory === undefined || !("memoryStore" in backend))
    return { agent, backend, close: () => backend.close() };
  const tools = [...agent.tools, memoryTool({ store: backend.memoryStore(memory) })];
  return {
    agent: { ...agent, tools },
    backend,
    close: () => backend.close(),
  };
}
