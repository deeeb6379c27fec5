import { defineConfig } from "vitest/config";
import { keelVitestConfig } from "../../vitest.shared.js";

export default defineConfig(
  keelVitestConfig({
    // A worker runs its test files one after another in one module graph: the CLI's imports and PGlite's
    // WebAssembly load once per worker, not once per file. No test here mocks modules or changes process state.
    isolate: false,
  }),
);
