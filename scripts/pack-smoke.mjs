#!/usr/bin/env node
// Proves each publishable package works for an adopter exactly as published: `pnpm pack` it and its Keel
// dependencies, install into a scratch project outside the workspace exactly what the README's install line
// (its first `npm i …`) names — Keel packages from their tarballs (the Keel packages those depend on come from
// theirs too, through npm `overrides`, never as direct dependencies), third-party ones from the registry — then
// compile the README's first ts example (strict, NodeNext, with the workspace's tsgo) and run it with node.
// Before anything installs, every bare import in every ts block of each README (the packages' and the
// binaries') must be a Node builtin or named by an `npm i …` of that README, and those of the first example by
// the install line itself: a package the example gets only transitively still fails, naming README and package.
// @keel/tools is also loaded beside zod 3.25 (zod/v4 schemas work, zod 3 ones are refused by name: zodThree).
// Each tarball must carry LICENSE and pass publint (strict)
// and Are the Types Wrong? (esm-only), checked on the packed file itself (scripts/pack-checks.mjs), and the
// package must also load with `require()` (Node >= 20.19 loads ESM that way through the exports map's `default`).
// Keel's declaration files are type-checked in full once, every package installed together (checkDeclarations).
// The binaries too: the `keel` CLI and `@keel/mcp-server` are packed and installed the same way, then
// `npx keel-mcp --version`, `npx keel --version`, `npx keel route "…"` and a stdio `tools/list` against
// `keel-mcp` started in an empty folder must work.
//
// usage: node scripts/pack-smoke.mjs [@keel/name ... | keel ...]   (default: every publishable package and binary)
// KEEL_KEEP_SMOKE=1 keeps the scratch projects for a look; KEEL_SCRATCH_DIR=DIR makes them inside DIR
// (default: /dev/shm when it has room, else the temp folder; see scratch-root.mjs).
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { builtinModules, createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { checkTarball } from "./pack-checks.mjs";
import { scratchRoot } from "./scratch-root.mjs";

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const concurrency = 3;
const exampleTimeoutMs = 60_000;
// Third-party modules come from the registry; metadata npm has cached is not asked for again.
const npmInstall = ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"];
// What the scratch projects add for the compiler: Node's types (tsconfig `types: ["node"]`). The compiler itself is
// the workspace's TypeScript 7 `tsgo` (see compile), not a copy installed into every project.
const NODE_TYPES = [`@types/node@${rootDevRange("@types/node")}`];
// zod 3.25 ships zod 4 under `zod/v4`: a project still on it can use Keel through that subpath (see zodThree).
const ZOD_THREE = "zod@3.25.76";

const workspace = readWorkspacePackages();
/**
 * The published binaries: packed and installed like the libraries, then run. @keel/mcp-server is a library with a
 * bin, so it is in `workspace` too (its README example runs like any other package's).
 */
const binaries = readBinaries(["packages/mcp-server", "apps/cli"]);
const everything = new Map([...workspace, ...binaries]);
/** Each package's README install plan, read once (installPlan). */
const installPlans = new Map();
const requested = process.argv.slice(2).filter((argument) => !argument.startsWith("-"));
for (const name of requested) {
  if (!everything.has(name))
    fail(name, `not a publishable workspace package (${[...everything.keys()].join(", ")})`);
}
const selected =
  requested.length > 0 ? requested.filter((name) => workspace.has(name)) : [...workspace.keys()];
const binariesSelected = requested.length === 0 || requested.some((name) => binaries.has(name));
const scratch = mkdtempSync(path.join(scratchRoot(), "keel-pack-smoke-"));
const started = Date.now();

try {
  const binaryClosure = binariesSelected ? [...binaries.keys()].flatMap((name) => keelClosure(name)) : [];
  const tarballs = await packAll(
    new Set([
      ...selected.flatMap((name) => [...keelClosure(name), ...installPlan(name).closure]),
      ...binaryClosure,
    ]),
  );
  const failures = [];
  // One queue of `{ label, run }` jobs for one runner: one per package, and the binaries as one more job beside
  // them (queued first), not a stage before them. A job prints its own ✓ report; the runner reports a throw.
  const jobs = [
    ...(binariesSelected
      ? [
          {
            label: "keel/@keel/mcp-server binaries",
            run: async (elapsed) => {
              // Their READMEs first: every import of their ts blocks named by an `npm i …` there.
              const problems = [...binaries.keys()].flatMap((name) => readmeProblems(name));
              if (problems.length > 0)
                throw new Error(`a README does not say what to install:\n${indent(problems.join("\n"))}`);
              const output = await smokeBinaries(tarballs, binaryClosure);
              console.log(`✓ keel, keel-mcp: installed from the packed tarballs and ran (${elapsed()}s)`);
              console.log(indent(output.trim()));
              // The same install holds every package: Keel's declaration files are checked there too.
              if (selected.length > 0) {
                const checked = await checkDeclarations(
                  tarballs,
                  binaryInstall(binaryClosure).filter((name) => workspace.has(name)),
                  path.join(scratch, "binaries"),
                );
                console.log(
                  `✓ declarations: every Keel .d.ts type-checks in an adopter's project (${elapsed()}s)`,
                );
                console.log(indent(checked));
              }
            },
          },
        ]
      : []),
    ...(selected.length > 0 && !binariesSelected
      ? [
          {
            label: "declarations",
            run: async (elapsed) => {
              const output = await checkDeclarations(tarballs, declarationPackages());
              console.log(
                `✓ declarations: every Keel .d.ts type-checks in an adopter's project (${elapsed()}s)`,
              );
              console.log(indent(output));
            },
          },
        ]
      : []),
    ...selected.map((name) => ({
      label: name,
      run: async (elapsed) => {
        const output = await smoke(name, tarballs);
        console.log(`✓ ${name}: README example compiled and ran from the packed tarballs (${elapsed()}s)`);
        console.log(indent(output.trim() || "(no output)"));
      },
    })),
  ];
  await eachLimited(jobs, concurrency, async (job) => {
    const began = Date.now();
    try {
      await job.run(() => ((Date.now() - began) / 1000).toFixed(1));
    } catch (error) {
      failures.push(job.label);
      console.error(`✗ ${job.label}: ${error.message}`);
    }
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (failures.length > 0) {
    console.error(`\npack-smoke: ${failures.length} of ${jobs.length} checks failed: ${failures.join(", ")}`);
    console.error("  (KEEL_KEEP_SMOKE=1 keeps the scratch projects named above for a look)");
    process.exitCode = 1;
  } else {
    console.log(
      `\npack-smoke: ${selected.length} packages install alone and run their README example${binariesSelected ? "; the keel and keel-mcp binaries run from their tarballs" : ""} (${seconds}s)`,
    );
  }
} catch (error) {
  // A package that cannot be packed or fails its tarball checks stops the run before anything installs.
  console.error(error.message);
  process.exitCode = 1;
} finally {
  if (process.env.KEEL_KEEP_SMOKE === "1") console.log(`scratch projects kept in ${scratch}`);
  else rmSync(scratch, { recursive: true, force: true });
}

/** Publishable packages under packages/, by name. */
function readWorkspacePackages() {
  const packages = new Map();
  for (const entry of readdirSync(path.join(root, "packages"))) {
    const directory = path.join(root, "packages", entry);
    let manifest;
    try {
      manifest = JSON.parse(readFileSync(path.join(directory, "package.json"), "utf8"));
    } catch {
      continue;
    }
    if (!manifest.private) packages.set(manifest.name, { directory, manifest });
  }
  return packages;
}

/** The packages published with a bin, by name (they must not be private). */
function readBinaries(directories) {
  const apps = new Map();
  for (const relative of directories) {
    const directory = path.join(root, relative);
    const manifest = JSON.parse(readFileSync(path.join(directory, "package.json"), "utf8"));
    if (manifest.private) fail(manifest.name, "is private, so nothing can install its bin outside a clone");
    apps.set(manifest.name, { directory, manifest });
  }
  return apps;
}

/** The package and every Keel package it depends on at run time, transitively. */
function keelClosure(name, seen = new Set()) {
  if (seen.has(name)) return [...seen];
  seen.add(name);
  const { manifest } = everything.get(name);
  for (const dependency of Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies })) {
    if (everything.has(dependency)) keelClosure(dependency, seen);
  }
  return [...seen];
}

/**
 * What a package's README tells an adopter to install, checked before anything installs. `line` is its install
 * line, the first `npm i …` of the README (before its first example): the run example gets exactly that —
 * `keel`, the Keel packages it names, from their tarballs; `thirdParty`, the rest, from the registry — and
 * `closure` is every Keel package those bring. `problems` lists what the README leaves out (readmeProblems).
 */
function installPlan(name) {
  const known = installPlans.get(name);
  if (known) return known;
  const { directory } = everything.get(name);
  const readme = path.relative(root, path.join(directory, "README.md"));
  const line = npmInstalls(readFileSync(path.join(directory, "README.md"), "utf8"))[0];
  const named = line?.packages ?? [];
  const isKeel = (entry) => everything.has(entry.name) || entry.name.startsWith("@keel/");
  const keel = named
    .filter((entry) => isKeel(entry) && everything.has(entry.name))
    .map((entry) => entry.name);
  const plan = {
    readme,
    line,
    keel,
    thirdParty: named.filter((entry) => !isKeel(entry)),
    closure: [...new Set(keel.flatMap((entry) => keelClosure(entry)))],
    problems: readmeProblems(name),
  };
  installPlans.set(name, plan);
  return plan;
}

/**
 * What a README leaves out, one sentence each naming the README and the package: every bare import of its ts
 * blocks must be a Node builtin or named by an `npm i …` of the README (a package that comes only as another's
 * dependency too: the adopter imports it, so the adopter installs it). For a library, the README starts with its
 * install line, which names the package, and the imports of its first example (the one pack-smoke runs) are
 * named by that very line, since it is all that example gets.
 */
function readmeProblems(name) {
  const { directory } = everything.get(name);
  const readme = path.relative(root, path.join(directory, "README.md"));
  const markdown = readFileSync(path.join(directory, "README.md"), "utf8");
  const installs = npmInstalls(markdown);
  const blocks = typeScriptBlocks(markdown);
  const library = workspace.has(name);
  const problems = [];
  const line = installs[0];
  if (library) {
    if (!line) problems.push(`${readme} has no \`npm i …\` line: an adopter cannot tell what to install`);
    else {
      if (blocks.length > 0 && blocks[0].line < line.line) {
        problems.push(`${readme}: its first example (line ${blocks[0].line}) comes before its install line`);
      }
      if (!line.packages.some((entry) => entry.name === name)) {
        problems.push(`${readme}: its install line (\`${line.text}\`) does not name ${name}`);
      }
      for (const entry of line.packages) {
        if (entry.name.startsWith("@keel/") && !everything.has(entry.name)) {
          problems.push(
            `${readme}: its install line names ${entry.name}, which is not a published Keel package`,
          );
        }
      }
    }
  }
  const everywhere = new Set(installs.flatMap((install) => install.packages.map((entry) => entry.name)));
  for (const [index, block] of blocks.entries()) {
    const runExample = library && index === 0;
    const named = runExample ? new Set(line?.packages.map((entry) => entry.name)) : everywhere;
    for (const imported of bareImports(block.code)) {
      if (named.has(imported)) continue;
      problems.push(
        runExample
          ? `${readme}: the example (line ${block.line}) imports ${imported}, which its install line (\`${line?.text ?? "none"}\`) does not name: ${comesWith([...named], imported) ? "a project that follows the README gets it only as another package's dependency" : "a project that follows the README fails with ERR_MODULE_NOT_FOUND"}; name it there`
          : `${readme}: the ts block at line ${block.line} imports ${imported}, which no \`npm i …\` in the README names`,
      );
    }
  }
  return problems;
}

/** Whether installing `names` brings `imported` along (a Keel package's dependency or non-optional peer). */
function comesWith(names, imported) {
  const keel = names.filter((name) => everything.has(name));
  return [...new Set(keel.flatMap((name) => keelClosure(name)))].some((name) => {
    const { manifest } = everything.get(name);
    const peer =
      manifest.peerDependencies?.[imported] && !manifest.peerDependenciesMeta?.[imported]?.optional;
    return name === imported || manifest.dependencies?.[imported] !== undefined || Boolean(peer);
  });
}

/**
 * Every `npm i|install|add …` command of a markdown text, in order, with the line it is on and the packages it
 * names (flags left out; a command ends at `&&`, `;`, `|`, `#` or the end of its inline code span).
 */
function npmInstalls(markdown) {
  return [...markdown.matchAll(/\bnpm\s+(?:i|install|add)\b[^\n`]*/g)].map((match) => {
    const text = match[0].split(/&&|\|\||[;|#]/)[0].trim();
    const specs = text.split(/\s+/).slice(2);
    return {
      text,
      line: markdown.slice(0, match.index).split("\n").length,
      packages: specs
        .filter((spec) => !spec.startsWith("-"))
        .map((spec) => {
          const at = spec.indexOf("@", spec.startsWith("@") ? 1 : 0);
          return at > 0 ? { name: spec.slice(0, at), version: spec.slice(at + 1) } : { name: spec };
        }),
    };
  });
}

/** The ```ts blocks of a markdown text, each with the line its code starts on. */
function typeScriptBlocks(markdown) {
  return [...markdown.matchAll(/^```(?:ts|typescript)[^\n]*\n([\s\S]*?)^```/gm)].map((match) => ({
    code: match[1],
    line: markdown.slice(0, match.index).split("\n").length + 1,
  }));
}

/** The packages a piece of code imports (static, type-only, re-exports, `import()`, `require()`), builtins left out. */
function bareImports(code) {
  const specifiers = [
    ...code.matchAll(
      /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^;"'`]*?\sfrom\s*)?["']([^"']+)["']|\b(?:import|require)\s*\(\s*["']([^"']+)["']\s*\)/g,
    ),
  ].map((match) => match[1] ?? match[2]);
  return [
    ...new Set(
      specifiers
        .filter((specifier) => !/^(?:\.|\/|[a-z]+:)/.test(specifier))
        .map(packageOfSpecifier)
        .filter((name) => !builtinModules.includes(name)),
    ),
  ];
}

/** `pnpm pack` rewrites workspace: and catalog: ranges to real ones, as `pnpm publish` does. */
async function packAll(names) {
  const destination = path.join(scratch, "tarballs");
  mkdirSync(destination);
  const tarballs = new Map();
  await eachLimited([...names], concurrency, async (name) => {
    const { directory } = everything.get(name);
    try {
      const { stdout } = await run("pnpm", ["pack", "--json", "--pack-destination", destination], {
        cwd: directory,
        maxBuffer: 16 * 1024 * 1024,
      });
      const packed = JSON.parse(stdout);
      const tarball = path.isAbsolute(packed.filename)
        ? packed.filename
        : path.join(destination, packed.filename);
      const listing = await run("tar", ["-xzOf", tarball, "package/package.json"]);
      const unresolved = listing.stdout.match(/"(workspace|catalog):[^"]*"/);
      if (unresolved) throw new Error(`the packed package.json still holds ${unresolved[0]}`);
      const files = (await run("tar", ["-tzf", tarball])).stdout.split("\n");
      if (!files.includes("package/LICENSE")) throw new Error("the tarball has no LICENSE file");
      // Shared with the adopter's own code or heavy and optional: never a plain dependency.
      const packedManifest = JSON.parse(listing.stdout);
      // (A binary is an application and brings its own: the binaries may depend on them.)
      for (const peer of binaries.has(name) ? [] : ["zod", "@electric-sql/pglite", "pg"]) {
        if (packedManifest.dependencies?.[peer])
          throw new Error(`${peer} must be a peer dependency, not a dependency`);
      }
      const problems = await checkTarball(tarball, packedManifest);
      if (problems.length > 0)
        throw new Error(`the packed tarball fails its checks:\n${indent(problems.join("\n"))}`);
      tarballs.set(name, { tarball, manifest: packedManifest });
    } catch (error) {
      // Thrown, not exited: the scratch folder is removed on the way out (the `finally` above).
      throw new Error(`✗ ${name}: ${error.stderr ? `pnpm pack failed: ${error.stderr}` : error.message}`);
    }
  });
  return tarballs;
}

async function smoke(name, tarballs) {
  const { directory } = workspace.get(name);
  const example = firstTypeScriptBlock(readFileSync(path.join(directory, "README.md"), "utf8"));
  if (!example) throw new Error("README.md has no ```ts code block to run");
  const plan = installPlan(name);
  if (plan.problems.length > 0) {
    throw new Error(`the README does not say what to install:\n${indent(plan.problems.join("\n"))}`);
  }
  const project = path.join(scratch, name.replace(/^@/, "").replace("/", "-"));
  mkdirSync(project);
  // Exactly the install line: its Keel packages from their tarballs, the Keel packages they depend on pinned to
  // theirs by `overrides` (npm installs them as the dependencies they are, never as the project's own), its
  // third-party packages in the version it gives or else the range the Keel packages declare (one shared copy).
  const overrides = Object.fromEntries(
    plan.closure
      .filter((dependency) => !plan.keel.includes(dependency))
      .map((dependency) => [dependency, `file:${tarballs.get(dependency).tarball}`]),
  );
  const thirdParty = plan.thirdParty.map(
    (entry) => `${entry.name}@${entry.version ?? declaredRange(name, plan, entry.name, tarballs)}`,
  );
  writeFileSync(
    path.join(project, "package.json"),
    `${JSON.stringify({ name: "keel-smoke", private: true, type: "module", overrides }, null, 2)}\n`,
  );
  // As tsc --init sets skipLibCheck, and most adopters keep it. Keel's declaration files are checked in full
  // once, all packages together (checkDeclarations), and a .d.ts importing a module its package does not
  // declare on every tarball (pack-checks.mjs): eight full checks re-read every third-party .d.ts.
  writeTsconfig(project, "example.ts", { outDir: "out", skipLibCheck: true });
  writeFileSync(path.join(project, "example.ts"), example);

  const install = [
    ...plan.keel.map((dependency) => tarballs.get(dependency).tarball),
    ...thirdParty,
    ...NODE_TYPES,
  ];
  await step(`npm install of \`${plan.line.text}\` (from the tarballs) failed`, "npm", [
    ...npmInstall,
    ...install,
  ]);
  checkKeelCopies(project, plan.closure, tarballs);
  // A module the install line does not bring, should an import slip past readmeProblems: named, with the README.
  const missing = (error) => {
    const module = error.message.match(/Cannot find (?:module|package) '([^']+)'/)?.[1];
    if (!module || module.startsWith(".")) return error;
    return new Error(
      `${plan.readme}: the example imports ${packageOfSpecifier(module)}, which its install line (\`${plan.line.text}\`) does not install\n${error.message}`,
    );
  };
  await compile(project).catch((error) => {
    throw missing(error);
  });
  const { stdout } = await step(
    "the README example failed when run with node",
    "node",
    [path.join("out", "example.js")],
    exampleTimeoutMs,
  ).catch((error) => {
    throw missing(error);
  });
  const required = await step("require() of the package failed", "node", [
    "--input-type=commonjs",
    "--no-warnings",
    "-e",
    `const m = require(${JSON.stringify(name)}); if (Object.keys(m).length === 0) throw new Error("require() gave an empty module"); console.log("require(): " + Object.keys(m).length + " exports")`,
  ]);
  // The one project with zod: @keel/tools beside zod 3.25 (see zodThreeCheck), in the same install.
  const zod = name === "@keel/tools" ? await besideZodThree() : "";
  return `${stdout}${required.stdout}${zod}`;

  async function besideZodThree() {
    await step(`npm install ${ZOD_THREE} --legacy-peer-deps failed`, "npm", [
      ...npmInstall,
      ZOD_THREE,
      "--legacy-peer-deps",
    ]);
    writeFileSync(path.join(project, "zod-three.mjs"), `await (${zodThreeCheck})();\n`);
    const { stdout } = await step(`@keel/tools beside ${ZOD_THREE} failed`, "node", ["zod-three.mjs"]);
    return stdout;
  }

  async function step(what, command, args, timeout = 10 * 60_000) {
    try {
      return await run(command, args, { cwd: project, timeout, maxBuffer: 16 * 1024 * 1024 });
    } catch (error) {
      const output = [error.stdout, error.stderr].filter(Boolean).join("\n").trim();
      const reason = error.killed ? `timed out after ${timeout / 1000}s` : `exit code ${error.code}`;
      throw new Error(`${what} (${reason}) in ${project}\n${indent(output || error.message)}`);
    }
  }
}

/**
 * Keel's declaration files as an adopter's compiler sees them, once for all: the selected packages installed
 * together from their tarballs (with the peers npm adds), a file importing the types of every entry point
 * of each, compiled strict with `skipLibCheck: false`. Errors in third-party declarations are not Keel's and
 * are left out (see compile). The README examples compile with `skipLibCheck: true`, so this is where a
 * Keel .d.ts that does not type-check against the dependency versions an adopter gets fails.
 */
async function checkDeclarations(tarballs, names, installedIn) {
  const project = installedIn ?? path.join(scratch, "declarations");
  const specifiers = names.flatMap((name) =>
    Object.entries(tarballs.get(name).manifest.exports ?? {})
      .filter(
        ([subpath, target]) => subpath !== "./package.json" && typeof target === "object" && target.types,
      )
      .map(([subpath]) => (subpath === "." ? name : `${name}/${subpath.slice(2)}`)),
  );
  if (installedIn === undefined) {
    mkdirSync(project);
    writeFileSync(
      path.join(project, "package.json"),
      `${JSON.stringify({ name: "keel-declarations", private: true, type: "module" }, null, 2)}\n`,
    );
    await execIn(project, "npm install of the tarballs failed", "npm", [
      ...npmInstall,
      ...names.map((name) => tarballs.get(name).tarball),
      ...NODE_TYPES,
    ]);
    checkKeelCopies(project, names, tarballs);
  }
  writeTsconfig(project, "declarations.ts", { noEmit: true, skipLibCheck: false });
  writeFileSync(
    path.join(project, "declarations.ts"),
    `${specifiers.map((specifier, index) => `import type * as Entry${index} from ${JSON.stringify(specifier)};`).join("\n")}\nexport type All = [${specifiers.map((_, index) => `typeof Entry${index}`).join(", ")}];\n`,
  );
  // (tsgo: a quarter of tsc's CPU here, 2.5 s against 11 s, on pack-smoke's longest path.)
  await compile(project, "Keel's declaration files");
  return `${specifiers.length} entry points of ${names.length} packages: ${specifiers.join(", ")}`;
}

/** What the binaries' project installs: their closure, and the selected packages for checkDeclarations. */
function binaryInstall(closure) {
  return [...new Set([...closure, ...(selected.length > 0 ? declarationPackages() : [])])];
}

/** The packages whose declaration files checkDeclarations compiles: the selected ones and their Keel closure. */
function declarationPackages() {
  return [...new Set(selected.flatMap((name) => keelClosure(name)))].filter((name) => workspace.has(name));
}

/** Runs a command in `cwd`; a failure throws `what` with the command's output. */
async function execIn(cwd, what, command, args) {
  try {
    return await run(command, args, { cwd, timeout: 10 * 60_000, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const output = [error.stdout, error.stderr].filter(Boolean).join("\n").trim();
    throw new Error(`${what} (exit code ${error.code}) in ${cwd}\n${indent(output || error.message)}`);
  }
}

/**
 * The binaries as an adopter gets them: the tarballs installed with npm into an empty project, then each
 * command run through npx (no network: --no-install), and keel-mcp answering tools/list over stdio in a
 * folder of its own (its PGlite store created there).
 */
async function smokeBinaries(tarballs, closure) {
  const project = path.join(scratch, "binaries");
  mkdirSync(project);
  writeFileSync(
    path.join(project, "package.json"),
    `${JSON.stringify({ name: "keel-bin-smoke", private: true, type: "module" }, null, 2)}\n`,
  );
  const exec = (what, command, args, cwd = project) => execIn(cwd, what, command, args);
  // One install serves the declaration check too (checkDeclarations runs here after, over every Keel package
  // installed): the selected packages and Node's types besides the binaries. Nothing the binaries run uses them.
  const together = binaryInstall(closure);
  await exec("npm install of the tarballs failed", "npm", [
    ...npmInstall,
    ...together.map((name) => tarballs.get(name).tarball),
    ...(selected.length > 0 ? NODE_TYPES : []),
  ]);
  checkKeelCopies(project, together, tarballs);
  const lines = [];
  // `npx @keel/mcp-server` is the .mcp.json form in the README: the package's single bin.
  for (const [name, bin] of [
    ["@keel/mcp-server", "@keel/mcp-server"],
    ["@keel/mcp-server", "keel-mcp"],
    ["keel", "keel"],
  ]) {
    const { stdout } = await exec(`npx ${bin} --version failed`, "npx", ["--no-install", bin, "--version"]);
    const version = tarballs.get(name).manifest.version;
    if (stdout.trim() !== version)
      throw new Error(`npx ${bin} --version printed "${stdout.trim()}", not ${version}`);
    lines.push(`npx ${bin} --version: ${version}`);
  }
  const routed = await exec("npx keel route failed", "npx", [
    "--no-install",
    "keel",
    "route",
    "Where is my order ORD-1001?",
    "--json",
  ]);
  const route = JSON.parse(routed.stdout);
  if (route.tool !== "lookup_order")
    throw new Error(`keel route chose ${JSON.stringify(route.tool)}, not lookup_order`);
  lines.push(`npx keel route "Where is my order ORD-1001?": ${route.tool}`);
  const elsewhere = mkdtempSync(path.join(scratch, "any-folder-"));
  const tools = await listToolsOverStdio(path.join(project, "node_modules", ".bin", "keel-mcp"), elsewhere);
  if (!tools.includes("process_refund"))
    throw new Error(`keel-mcp listed ${tools.join(", ")}: no process_refund`);
  lines.push(`keel-mcp (stdio, started in an empty folder) tools/list: ${tools.join(", ")}`);
  return lines.join("\n");
}

/** initialize, notifications/initialized and tools/list over a child's stdio (JSON-RPC lines), then stop it. */
async function listToolsOverStdio(command, cwd) {
  const { spawn } = await import("node:child_process");
  const child = spawn(command, [], { cwd, stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const send = (message) => child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
  try {
    return await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`keel-mcp did not answer tools/list in 60 s\n${indent(stderr)}`)),
        60_000,
      );
      child.once("exit", (code) =>
        reject(new Error(`keel-mcp exited (${code}) before answering\n${indent(stderr)}`)),
      );
      let buffered = "";
      child.stdout.on("data", (chunk) => {
        buffered += chunk;
        let newline = buffered.indexOf("\n");
        while (newline >= 0) {
          const message = JSON.parse(buffered.slice(0, newline));
          buffered = buffered.slice(newline + 1);
          newline = buffered.indexOf("\n");
          if (message.id === 1) {
            send({ method: "notifications/initialized" });
            send({ id: 2, method: "tools/list", params: {} });
          } else if (message.id === 2) {
            clearTimeout(timer);
            resolve(message.result.tools.map((tool) => tool.name));
          }
        }
      });
      send({
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "pack-smoke", version: "1" },
        },
      });
    });
  } finally {
    child.stdin.end();
    child.kill("SIGTERM");
  }
}

/**
 * Written into @keel/tools' project as zod-three.mjs and run there once zod 3.25.76 has replaced zod 4 (so it
 * must stand alone: its own imports, nothing from this file). zod 3.25 carries zod 4 as `zod/v4`, which Keel
 * uses, so a project not yet on zod 4 can adopt it: importing @keel/tools must work, a tool whose schema comes
 * from `zod/v4` must define and validate, and one from `zod` (zod 3) must be refused with a ToolDefinitionError
 * naming zod 3 and zod 4 (or zod/v4), never a crash deeper in.
 */
async function zodThreeCheck() {
  // The scratch project's packages, not this repository's: importing them through a variable keeps knip from
  // counting them as imports of pack-smoke.mjs (which would make zod an unlisted dependency of the root).
  const load = (specifier) => import(specifier);
  const { readFileSync } = await import("node:fs");
  const version = JSON.parse(readFileSync("node_modules/zod/package.json", "utf8")).version;
  if (!version.startsWith("3.25.")) throw new Error(`zod ${version} is installed, not 3.25`);
  let tools;
  try {
    tools = await load("@keel/tools");
  } catch (error) {
    throw new Error(`importing @keel/tools beside zod ${version} threw: ${error.message}`);
  }
  const { success } = await load("@keel/errors");
  const { z: zod4 } = await load("zod/v4");
  const { z: zod3 } = await load("zod");
  const spec = (input) => ({
    name: "echo",
    description: "Echoes one word back.",
    input,
    effect: "read",
    handler: ({ word }) => success({ word }),
  });
  let echo;
  try {
    echo = tools.defineTool(spec(zod4.object({ word: zod4.string() })));
  } catch (error) {
    throw new Error(`a tool whose schema comes from zod/v4 (zod ${version}) was refused: ${error.message}`);
  }
  const toolset = tools.createToolset([echo]);
  const context = {
    signal: new AbortController().signal,
    toolUseId: "t",
    runId: "r",
    iteration: 1,
    metadata: {},
  };
  // The toolset's own path: validate, then run (what the tool-call path does around its hooks).
  const validateAndRun = async (call) => {
    const checked = toolset.validate(call);
    return checked.ok ? await toolset.run(checked.tool, checked.input, context) : checked.outcome;
  };
  const valid = await validateAndRun({ id: "t1", name: "echo", input: { word: "hi" } });
  if (valid.kind !== "success" || valid.data?.word !== "hi")
    throw new Error(`the zod/v4 tool given valid input returned ${JSON.stringify(valid)}`);
  const invalid = await validateAndRun({ id: "t2", name: "echo", input: { word: 7 } });
  if (invalid.kind !== "error" || invalid.category !== "validation")
    throw new Error(
      `the zod/v4 tool given { word: 7 } returned ${JSON.stringify(invalid)}, not a validation error`,
    );
  let refusal;
  try {
    tools.defineTool(spec(zod3.object({ word: zod3.string() })));
  } catch (error) {
    refusal = error;
  }
  if (refusal === undefined) throw new Error("a tool whose schema comes from zod 3 (`zod` 3.25) was defined");
  const message = String(refusal?.message);
  if (
    !tools.ToolDefinitionError.isInstance(refusal) ||
    !/zod 3/.test(message) ||
    !/zod 4|zod\/v4/.test(message)
  )
    throw new Error(
      `a zod 3 schema must be refused with a ToolDefinitionError naming zod 3 and zod 4 (or zod/v4); it threw ${refusal?.name}: ${message}`,
    );
  console.log(
    `zod ${version}: @keel/tools imports; a zod/v4 schema defines and validates (${invalid.code}); a zod 3 schema is refused: ${message}`,
  );
}

/** An adopter's tsconfig.json (strict, NodeNext, Node's types) for one file, with `options` on top. */
function writeTsconfig(project, file, options) {
  const compilerOptions = {
    strict: true,
    module: "NodeNext",
    moduleResolution: "NodeNext",
    target: "ES2022",
    lib: ["ES2023"],
    types: ["node"],
    ...options,
  };
  writeFileSync(
    path.join(project, "tsconfig.json"),
    `${JSON.stringify({ compilerOptions, files: [file] }, null, 2)}\n`,
  );
}

/**
 * Compiles a scratch project with the workspace's `tsgo` (TypeScript 7's native checker, the compiler of every
 * package's `typecheck`): the same errors as tsc 5.9 for these files at a sixth of the CPU (0.4 s against 3 s per
 * README example), and no 23 MB TypeScript installed into each project. Fails on errors in the example or in
 * Keel's .d.ts files; errors inside third-party declarations are not Keel's and are left out.
 */
async function compile(project, what = "the README example") {
  const tsgo = path.join(
    path.dirname(require.resolve("@typescript/native-preview/package.json")),
    "bin",
    "tsgo",
  );
  let output = "";
  try {
    await run("node", [tsgo, "-p", "tsconfig.json", "--pretty", "false", "--singleThreaded"], {
      cwd: project,
      maxBuffer: 16 * 1024 * 1024,
    });
    return;
  } catch (error) {
    output = `${error.stdout ?? ""}${error.stderr ?? ""}`;
    if (!output.trim()) throw new Error(`tsgo failed to start: ${error.message}`);
  }
  const ours = [];
  let keep = false;
  for (const line of output.split("\n")) {
    const located = line.match(/^(\S[^(]*)\(\d+,\d+\): error /);
    if (located)
      keep = !located[1].startsWith("node_modules/") || located[1].startsWith("node_modules/@keel/");
    else if (/^\S/.test(line)) keep = !/^node_modules\//.test(line);
    if (keep && line.trim()) ours.push(line);
  }
  if (ours.length > 0) {
    throw new Error(
      `${what} did not compile (tsgo, strict, NodeNext) in ${project}\n${indent(ours.join("\n"))}`,
    );
  }
}

/** Every @keel package must be the packed one, once: never a registry copy, never a nested duplicate. */
function checkKeelCopies(project, closure, tarballs) {
  const lock = JSON.parse(readFileSync(path.join(project, "package-lock.json"), "utf8"));
  for (const [location, entry] of Object.entries(lock.packages ?? {})) {
    const match = location.match(/node_modules\/(@keel\/[^/]+)$/);
    if (!match) continue;
    if (location !== `node_modules/${match[1]}`) {
      throw new Error(`npm installed a second copy of ${match[1]} at ${location}`);
    }
    if (!closure.includes(match[1])) throw new Error(`npm installed ${match[1]}, which is not a dependency`);
    if (
      entry.version !== tarballs.get(match[1]).manifest.version ||
      !String(entry.resolved).startsWith("file:")
    ) {
      throw new Error(
        `${match[1]} did not come from its packed tarball (${entry.resolved ?? "no resolved"})`,
      );
    }
  }
}

function firstTypeScriptBlock(markdown) {
  const match = markdown.match(/^```(?:ts|typescript)[^\n]*\n([\s\S]*?)^```/m);
  return match?.[1];
}

function packageOfSpecifier(specifier) {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/**
 * The range for a third-party package an install line names without a version: the one the Keel packages it
 * installs declare (run time first), else the README's own package's dev setup (a companion such as the SDK).
 */
function declaredRange(name, plan, imported, tarballs) {
  for (const dependency of plan.closure) {
    const manifest = tarballs.get(dependency).manifest;
    const range = manifest.dependencies?.[imported] ?? manifest.peerDependencies?.[imported];
    if (range) return range;
  }
  const development = tarballs.get(name).manifest.devDependencies?.[imported];
  if (development) return development;
  throw new Error(
    `${plan.readme}: its install line names ${imported}, which no Keel package it installs declares: give its version there (${imported}@…)`,
  );
}

function rootDevRange(dependency) {
  const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  const range = manifest.devDependencies[dependency];
  if (range !== "catalog:") return range;
  const catalog = readFileSync(path.join(root, "pnpm-workspace.yaml"), "utf8");
  const line = catalog.match(new RegExp(`^\\s+"?${dependency.replace("/", "\\/")}"?:\\s*(\\S+)`, "m"));
  if (!line) throw new Error(`no catalog entry for ${dependency} in pnpm-workspace.yaml`);
  return line[1];
}

async function eachLimited(items, limit, work) {
  const queue = [...items];
  const workers = Array.from({ length: Math.min(limit, queue.length) }, async () => {
    while (queue.length > 0) await work(queue.shift());
  });
  // Every worker finishes before a failure is passed on, so nothing still writes to the scratch folder.
  const failed = (await Promise.allSettled(workers)).find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
}

function indent(text) {
  return text
    .split("\n")
    .map((line) => `    ${line}`)
    .join("\n");
}

function fail(name, message) {
  console.error(`✗ ${name}: ${message}`);
  process.exit(1);
}
