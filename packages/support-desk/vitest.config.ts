import { defineConfig } from "vitest/config";
import { keelVitestConfig } from "../../vitest.shared.js";

// Files share a worker's module graph (the shared default), so PGlite's 9 MB WebAssembly is compiled once per
// worker, not once per file. No file here mocks modules or keeps state between files.
export default defineConfig(keelVitestConfig());
