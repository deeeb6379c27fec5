#!/usr/bin/env node
// The installed `keel-mcp` command runs the built code in dist/ (or says it is not built yet).
import { launch } from "@keel/command-line/launch";

await launch("keel-mcp", new URL("../dist/index.js", import.meta.url));
