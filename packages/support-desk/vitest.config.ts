import { defineConfig } from "vitest/config";
import { keelVitestConfig } from "../../vitest.shared.js";

export default defineConfig(
  keelVitestConfig({
    // A worker runs its test files one after another in one module graph, so PGlite's 9 MB WebAssembly is
    // compiled once per worker, not once per file. No file here mocks modules or keeps state between files.
    isolate: false,
  }),
);
