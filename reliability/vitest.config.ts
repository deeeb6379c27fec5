import { defineConfig } from "vitest/config";
import { keelVitestConfig } from "../vitest.shared.js";

export default defineConfig(
  keelVitestConfig(
    {
      // Child processes and servers: files run one after another so the 2-core CI machine is not oversubscribed.
      fileParallelism: false,
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
