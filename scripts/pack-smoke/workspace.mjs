// The workspace as pack-smoke sees it: the publishable packages and binaries, their Keel closures, and what
// each README tells an adopter to install.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { bareImports, npmInstalls, typeScriptBlocks } from "./markdown.mjs";
import { root } from "./scratch-project.mjs";

export const workspace = readWorkspacePackages();
/**
 * The published binaries: packed and installed like the libraries, then run. @keel/mcp-server is a library with a
 * bin, so it is in `workspace` too (its README example runs like any other package's).
 */
export const binaries = readBinaries(["packages/mcp-server", "apps/cli"]);
export const everything = new Map([...workspace, ...binaries]);
/** Each package's README install plan, read once (installPlan). */
const installPlans = new Map();

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
export function keelClosure(name, seen = new Set()) {
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
export function installPlan(name) {
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
export function readmeProblems(name) {
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
 * The range for a third-party package an install line names without a version: the one the Keel packages it
 * installs declare (run time first), else the README's own package's dev setup (a companion such as the SDK).
 */
export function declaredRange(name, plan, imported, tarballs) {
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

export function fail(name, message) {
  console.error(`✗ ${name}: ${message}`);
  process.exit(1);
}
