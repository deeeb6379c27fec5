import { defineConfig } from "vitest/config";
import { keelVitestConfig } from "../vitest.shared.js";

export default defineConfig(
  keelVitestConfig(
    {
      // Two files at a time (vitest's default would be one on 2 cores): this package's tests end `pnpm test`,
      // so its files use both cores once everything else is done (57 s -> 38 s alone, the same CPU).
      maxWorkers: 2,
      // Files share the worker's modules (the shared default): 9 s less of a 70 s run. No file mocks modules;
      // each stops the processes and servers it starts.
      // Generous: a test may start several keel-mcp processes, each allowed 90 s to open its store and listen.
      testTimeout: 240_000,
    },
    {
      requiresEnv: {
        DATABASE_URL: [
          "src/approvals/approval-resume.test.ts",
          "src/approvals/kill-resume.test.ts",
          "src/mcp/degraded-start.test.ts",
          "src/mcp/replicas.test.ts",
        ],
        KEEL_FREEZABLE_DATABASE_URL: ["src/store-rules/frozen-postgres.test.ts"],
      },
    },
  ),
);
