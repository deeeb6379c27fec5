// What pack-smoke reads from a README: its `npm i …` lines, its ts blocks and the packages they import.
import { builtinModules } from "node:module";

/**
 * Every `npm i|install|add …` command of a markdown text, in order, with the line it is on and the packages it
 * names (flags left out; a command ends at `&&`, `;`, `|`, `#` or the end of its inline code span).
 */
export function npmInstalls(markdown) {
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
export function typeScriptBlocks(markdown) {
  return [...markdown.matchAll(/^```(?:ts|typescript)[^\n]*\n([\s\S]*?)^```/gm)].map((match) => ({
    code: match[1],
    line: markdown.slice(0, match.index).split("\n").length + 1,
  }));
}

/** The packages a piece of code imports (static, type-only, re-exports, `import()`, `require()`), builtins left out. */
export function bareImports(code) {
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

export function firstTypeScriptBlock(markdown) {
  const match = markdown.match(/^```(?:ts|typescript)[^\n]*\n([\s\S]*?)^```/m);
  return match?.[1];
}

export function packageOfSpecifier(specifier) {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}
