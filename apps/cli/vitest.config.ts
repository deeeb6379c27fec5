import { defineConfig } from "vitest/config";
import { keelVitestConfig } from "../../vitest.shared.js";

// Files share a worker's module graph (the shared default): no test here mocks modules or changes process state.
// Temporary directories live in one scratch folder per run, removed at the end (test-scratch.test-helpers.ts).
export default defineConfig(keelVitestConfig({ globalSetup: ["src/test-scratch.test-helpers.ts"] }));
