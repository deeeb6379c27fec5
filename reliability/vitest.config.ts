import { defineConfig } from "vitest/config";
import { keelVitestConfig } from "../vitest.shared.js";

export default defineConfig(
  keelVitestConfig(
    {
      // Child processes and servers: files run one after another so the 2-core CI machine is not oversubscribed.
      fileParallelism: false,
      // Not measured without isolation: its time is the child processes it starts, not module loading.
      isolate: true,
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
