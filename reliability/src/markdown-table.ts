/** A Markdown table with padded columns, as biome formats it (so the generated file passes `biome check`). */
export function table(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cells = [header, ...rows].map((row) => row.map(String));
  const length = (text: string) => [...text].length;
  const widths = header.map((_, column) => Math.max(3, ...cells.map((row) => length(row[column] ?? ""))));
  const line = (row: readonly string[]) =>
    `| ${row.map((cell, column) => cell + " ".repeat((widths[column] ?? 0) - length(cell))).join(" | ")} |`;
  const [head = [], ...body] = cells;
  return [line(head), line(widths.map((width) => "-".repeat(width))), ...body.map(line)].join("\n");
}
