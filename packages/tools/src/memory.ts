export { directoryMemoryStore } from "./memory/directory-memory-store.js";
export { inMemoryMemoryStore } from "./memory/in-memory-store.js";
export type { MemoryCommand } from "./memory/memory-commands.js";
export { MEMORY_ROOT, MemoryPathError } from "./memory/memory-path.js";
export type { MemoryEntry, MemoryStore } from "./memory/memory-store.js";
export type { MemoryToolOptions } from "./memory/memory-tool.js";
export { MEMORY_TOOL_TYPE, memoryTool } from "./memory/memory-tool.js";
