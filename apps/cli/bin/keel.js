#!/usr/bin/env node
// The installed `keel` command runs the built code in dist/ (or says it is not built yet).
import { launch } from "@keel/command-line/launch";

await launch("keel", new URL("../dist/index.js", import.meta.url));
