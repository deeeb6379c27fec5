import { defineConfig } from "vitest/config";
import { keelVitestConfig } from "../../vitest.shared.js";

export default defineConfig(keelVitestConfig());
