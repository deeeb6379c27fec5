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
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { checkTarball } from "./pack-checks.mjs";
import { smokeBinaries } from "./pack-smoke/binaries.mjs";
import { firstTypeScriptBlock, packageOfSpecifier } from "./pack-smoke/markdown.mjs";
import {
  checkKeelCopies,
  compile,
  eachLimited,
  execIn,
  indent,
  NODE_TYPES,
  npmInstall,
  run,
  writeTsconfig,
} from "./pack-smoke/scratch-project.mjs";
import {
  binaries,
  declaredRange,
  everything,
  fail,
  installPlan,
  keelClosure,
  readmeProblems,
  workspace,
} from "./pack-smoke/workspace.mjs";
import { zodThreeCheck } from "./pack-smoke/zod-three-check.mjs";
import { scratchRoot } from "./scratch-root.mjs";

const concurrency = 3;
const exampleTimeoutMs = 60_000;
// zod 3.25 ships zod 4 under `zod/v4`: a project still on it can use Keel through that subpath (see zodThree).
const ZOD_THREE = "zod@3.25.76";

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
              const output = await smokeBinaries({
                scratch,
                tarballs,
                together: binaryInstall(binaryClosure),
                extra: selected.length > 0 ? NODE_TYPES : [],
              });
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
  // A package of Keel plumbing only (@keel/folder-lock) has an empty main entry and everything under ./internal:
  // then that entry is the one that must not be empty.
  const entry = Object.keys(workspace.get(name).manifest.exports ?? {}).includes("./internal")
    ? `${name}/internal`
    : undefined;
  const required = await step("require() of the package failed", "node", [
    "--input-type=commonjs",
    "--no-warnings",
    "-e",
    `const m = require(${JSON.stringify(name)}); let n = Object.keys(m).length; const internal = ${JSON.stringify(entry ?? null)}; if (n === 0 && internal) { n = Object.keys(require(internal)).length; if (n > 0) console.log("require(): no public exports; " + internal + ": " + n + " exports"); } else if (n > 0) console.log("require(): " + n + " exports"); if (n === 0) throw new Error("require() gave an empty module")`,
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
