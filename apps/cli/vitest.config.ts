import { defineConfig } from "vitest/config";
import { keelVitestConfig } from "../../vitest.shared.js";

// Files share a worker's module graph (the shared default): no test here mocks modules or changes process state.
export default defineConfig(keelVitestConfig());
