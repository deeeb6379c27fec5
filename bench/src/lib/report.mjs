import { markdownTable, num, verdict } from "./format.mjs";

/**
 * RESULTS.md: machine and versions, the targets at a glance, then one section per bench.
 * @param {{ machine: ReturnType<typeof import("./machine.mjs").describeMachine>, loadAfter: number[],
 *   sections: import("./labels.mjs").Section[], seconds: number, chartFile: string, startedAt: Date }} input
 */
export function resultsMarkdown(input) {
  const { machine, sections } = input;
  const versions = Object.entries(machine.versions)
    .map(([name, version]) => `\`${name}\` ${version}`)
    .join(", ");
  const load = (/** @type {number[]} */ values) => values.map((value) => value.toFixed(2)).join(" / ");
  const checks = sections.flatMap((section) =>
    section.checks.map((check) => [
      section.title.replace(/^(\d+)\..*/, "$1"),
      check.target,
      check.measured,
      verdict(check.pass),
    ]),
  );
  const passed = checks.filter((row) => row[3] === "**pass**").length;
  // "n/a" rows are figures shown for reference, not targets.
  const targets = checks.filter((row) => row[3] !== "n/a").length;
  const lines = [
    "# Keel benchmarks",
    "",
    `Written by \`pnpm bench\` (bench/src/run-all.mjs) on ${input.startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC in ${num(input.seconds)} s. ` +
      "Do not edit by hand: run it again. Method: bench/README.md and shared/PERFORMANCE.md.",
    "",
    `- **Machine:** ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.platform}`,
    `- **Runtime:** Node ${machine.node}; repository commit \`${machine.commit}\` (benchmarks run the packages' built \`dist/\`)` +
      (machine.uncommitted.length > 0
        ? `, built from a working tree with uncommitted changes in ${machine.uncommitted.map((directory) => `\`${directory}\``).join(", ")}`
        : ""),
    `- **Load average** (1/5/15 min) at the start: ${load(machine.loadAverage)}; at the end: ${load(input.loadAfter)}. ` +
      "Other work on the machine inflates absolute times; implementations are interleaved, so ratios suffer less.",
    `- **Versions:** ${versions}`,
    "",
    `![Keel beside the alternatives](${input.chartFile})`,
    "",
    "## Targets",
    "",
    `${passed} of ${targets} targets met.`,
    "",
    markdownTable(["bench", "target", "measured", "result"], checks, [false, false, false, false]),
    "",
  ];
  for (const section of sections) {
    lines.push(`## ${section.title}`, "");
    if (section.skipped) lines.push(`**Not run:** ${section.skipped}`, "");
    for (const block of section.body) lines.push(block, "");
  }
  return lines.join("\n");
}
