import { describeBackendContract } from "./backend-contract.test-helpers.js";
import { createMemoryBackend } from "./memory-backend.js";

describeBackendContract("memory", async (options) => createMemoryBackend(options), 200);
