import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { conditions: ["@keel/source"] },
  ssr: { resolve: { conditions: ["@keel/source"] } },
  test: {
    include: ["src/**/*.test.ts"],
    // Child processes and servers: files run one after another so the 2-core CI machine is not oversubscribed.
    fileParallelism: false,
    // Generous: a test may start several keel-mcp processes, each allowed 90 s to open its store and listen.
    testTimeout: 240_000,
    hookTimeout: 120_000,
  },
});
