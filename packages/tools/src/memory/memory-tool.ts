import { z } from "zod/v4";
import { MemoryConfigError } from "../config-errors.js";
import { defineTool } from "../definition/define-tool.js";
import type { Tool, ToolEffect } from "../types.js";
import { type MemoryCommand, runMemoryCommand } from "./memory-commands.js";
import { positiveLimit } from "./memory-scope.js";
import type { MemoryStore } from "./memory-store.js";

/** The memory tool's versioned type; the API requires the name `memory` (`BetaMemoryTool20250818.name`). */
export const MEMORY_TOOL_TYPE = "memory_20250818";
const DEFAULT_MAX_FILE_BYTES = 100_000;

export interface MemoryToolOptions {
  /** Where the files live: `inMemoryMemoryStore()`, `directoryMemoryStore(dir)`, or your own. */
  readonly store: MemoryStore;
  /**
   * A create or edit that would leave a file larger than this is refused. Default 100,000 bytes. How much a
   * whole scope holds is the store's limit (`maxScopeBytes`, `maxScopeFiles`).
   */
  readonly maxFileBytes?: number | undefined;
}

const text = z.string();
const path = z.string().min(1);

/** Fields each command needs (`BetaMemoryTool20250818…Command` of @anthropic-ai/sdk). */
const REQUIRED: Record<MemoryCommand["command"], readonly string[]> = {
  view: ["path"],
  create: ["path", "file_text"],
  str_replace: ["path", "old_str", "new_str"],
  insert: ["path", "insert_line", "insert_text"],
  delete: ["path"],
  rename: ["old_path", "new_path"],
};

const input = z
  .object({
    command: z.enum(["view", "create", "str_replace", "insert", "delete", "rename"]),
    path: path.optional(),
    view_range: z.array(z.number().int()).optional(),
    file_text: text.optional(),
    old_str: text.optional(),
    new_str: text.optional(),
    insert_line: z.number().int().optional(),
    insert_text: text.optional(),
    old_path: path.optional(),
    new_path: path.optional(),
  })
  .superRefine((value, context) => {
    for (const field of REQUIRED[value.command]) {
      if ((value as Record<string, unknown>)[field] === undefined) {
        context.addIssue({ code: "custom", path: [field], message: `${value.command} needs ${field}` });
      }
    }
  });

const STORE_METHODS = ["kind", "read", "list", "write", "delete", "rename"] as const;
const isStore = (value: unknown): value is MemoryStore =>
  typeof value === "object" &&
  value !== null &&
  STORE_METHODS.every((method) => typeof (value as Record<string, unknown>)[method] === "function");

/** `view` reads; every other command writes (so it runs alone, in the model's order, with an idempotency key). */
const effectOfCall = (call: unknown): ToolEffect =>
  typeof call === "object" && call !== null && (call as { command?: unknown }).command === "view"
    ? "read"
    : "write";

/**
 * The Anthropic memory tool (`memory_20250818`: view, create, str_replace, insert, delete, rename) as a Keel
 * tool over a store your application provides. Requests carry `{ type: "memory_20250818", name: "memory" }`;
 * calls go through `resolveToolCall` like any tool (validation, hooks, keys). Paths must stay under
 * `/memories`: `..`, other absolute paths, NUL bytes and symbolic links out of a directory store are refused
 * with categorised errors before anything is stored, and so is text no store can keep alike (NUL, lone
 * surrogates). Throws `MemoryConfigError` for a missing store or a `maxFileBytes` that is not a whole number
 * of at least 1.
 */
export function memoryTool(options: MemoryToolOptions): Tool {
  const store = options?.store;
  if (!isStore(store)) {
    throw new MemoryConfigError(
      "INVALID_MEMORY_OPTION",
      "memoryTool needs a store: inMemoryMemoryStore(), directoryMemoryStore(dir), or an object implementing MemoryStore.",
    );
  }
  const maxFileBytes = positiveLimit("maxFileBytes", options.maxFileBytes, DEFAULT_MAX_FILE_BYTES);
  return defineTool({
    name: "memory",
    title: "Memory",
    description: {
      does: "Keeps notes in files under /memories that last beyond this conversation: view, create, str_replace, insert, delete, rename",
      useWhen: [
        "you learn something worth remembering for later conversations, or need what earlier ones recorded: view /memories first",
      ],
      doNotUseWhen: [{ when: "the fact belongs in the answer to the customer; write the answer instead" }],
      takes:
        "command and its fields: path (under /memories), file_text, old_str/new_str, insert_line/insert_text, old_path/new_path, view_range",
      returns:
        "the file or directory listing with line numbers, or what changed; a validation error naming the problem",
    },
    input,
    effect: "write",
    callEffect: effectOfCall,
    anthropicType: MEMORY_TOOL_TYPE,
    handler: (call) => runMemoryCommand(store, call as MemoryCommand, maxFileBytes),
  });
}
