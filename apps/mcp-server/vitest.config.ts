import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { conditions: ["@keel/source"] },
  ssr: { resolve: { conditions: ["@keel/source"] } },
  // The end-to-end tests spawn the built server; give process start-up room on a busy machine.
  test: { include: ["src/**/*.test.ts"], testTimeout: 120_000, hookTimeout: 120_000 },
});
