import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { conditions: ["@keel/source"] },
  ssr: { resolve: { conditions: ["@keel/source"] } },
  test: {
    include: ["src/**/*.test.ts"],
    // Child processes and servers: files run one after another so the 2-core CI machine is not oversubscribed.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
