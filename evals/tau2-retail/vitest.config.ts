import { defineConfig } from "vitest/config";
import { keelVitestConfig } from "../../vitest.shared.js";

// The gold replay loads the 2.8 MB database once per file and copies it per task; sharing a worker's module
// graph (the shared default) keeps zod and Keel loaded once.
export default defineConfig(keelVitestConfig());
