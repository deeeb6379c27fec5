/**
 * A hand-written SVG of horizontal bar panels (median bar, min–max whisker), no dependencies.
 * Keel's bars are drawn in the accent colour; a panel's reference (a limit) is a dashed line.
 */

const WIDTH = 900;
const LABEL_WIDTH = 230;
const VALUE_WIDTH = 90;
const BAR_HEIGHT = 16;
const BAR_GAP = 6;
const TITLE_HEIGHT = 26;
const PANEL_GAP = 18;

/**
 * A bar for a sample's summary: the median, with its min–max whisker.
 * @param {string} label
 * @param {{ median: number, min: number, max: number }} stats
 * @param {boolean} keel drawn in the accent colour
 */
export function summaryBar(label, stats, keel) {
  return { label, value: stats.median, min: stats.min, max: stats.max, keel };
}

/** @param {string} text */
const escapeXml = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * @param {readonly import("./labels.mjs").ChartPanel[]} panels
 * @param {string} heading
 */
export function barChartSvg(panels, heading) {
  const parts = [];
  let y = 40;
  for (const panel of panels) {
    parts.push(panelSvg(panel, y));
    y += TITLE_HEIGHT + panel.bars.length * (BAR_HEIGHT + BAR_GAP) + (panel.reference ? 16 : 0) + PANEL_GAP;
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${escapeXml(heading)}" width="${WIDTH}" height="${y}" viewBox="0 0 ${WIDTH} ${y}" font-family="Helvetica, Arial, sans-serif" font-size="12">`,
    `<title>${escapeXml(heading)}</title>`,
    `<rect width="${WIDTH}" height="${y}" fill="#ffffff"/>`,
    `<text x="12" y="24" font-size="16" font-weight="bold" fill="#111">${escapeXml(heading)}</text>`,
    ...parts,
    "</svg>",
    "",
  ].join("\n");
}

/** @param {import("./labels.mjs").ChartPanel} panel @param {number} top */
function panelSvg(panel, top) {
  const plotWidth = WIDTH - LABEL_WIDTH - VALUE_WIDTH - 24;
  // Scaled to the medians (and the limit), not to the slowest outlier: a whisker that runs past the
  // edge ends in an arrow.
  const values = panel.bars.map((bar) => bar.value);
  if (panel.reference) values.push(panel.reference.value);
  const scaleMax = Math.max(...values.filter(Number.isFinite), 1e-9) * 1.25;
  const x = (/** @type {number} */ value) =>
    LABEL_WIDTH + (Math.min(Math.max(0, value), scaleMax) / scaleMax) * plotWidth;
  const out = [
    `<text x="12" y="${top + 16}" font-size="13" font-weight="bold" fill="#222">${escapeXml(panel.title)}</text>`,
  ];
  let y = top + TITLE_HEIGHT;
  for (const bar of panel.bars) {
    const color = bar.keel ? "#d9480f" : "#868e96";
    out.push(
      `<text x="${LABEL_WIDTH - 8}" y="${y + 12}" text-anchor="end" fill="#222"${bar.keel ? ' font-weight="bold"' : ""}>${escapeXml(bar.label)}</text>`,
    );
    if (Number.isFinite(bar.value)) {
      out.push(
        `<rect x="${LABEL_WIDTH}" y="${y}" width="${(x(bar.value) - LABEL_WIDTH).toFixed(1)}" height="${BAR_HEIGHT}" fill="${color}"/>`,
      );
      if (
        bar.min !== undefined &&
        bar.max !== undefined &&
        Number.isFinite(bar.min) &&
        Number.isFinite(bar.max)
      ) {
        const middle = y + BAR_HEIGHT / 2;
        out.push(
          `<line x1="${x(bar.min).toFixed(1)}" y1="${middle}" x2="${x(bar.max).toFixed(1)}" y2="${middle}" stroke="#212529" stroke-width="1"/>`,
          `<line x1="${x(bar.min).toFixed(1)}" y1="${middle - 4}" x2="${x(bar.min).toFixed(1)}" y2="${middle + 4}" stroke="#212529"/>`,
          bar.max > scaleMax
            ? `<path d="M${x(bar.max) - 6} ${middle - 4} L${x(bar.max)} ${middle} L${x(bar.max) - 6} ${middle + 4}" fill="none" stroke="#212529"/>`
            : `<line x1="${x(bar.max).toFixed(1)}" y1="${middle - 4}" x2="${x(bar.max).toFixed(1)}" y2="${middle + 4}" stroke="#212529"/>`,
        );
      }
      out.push(
        `<text x="${WIDTH - VALUE_WIDTH}" y="${y + 12}" fill="#222">${escapeXml(formatValue(bar.value, panel.unit))}</text>`,
      );
    }
    y += BAR_HEIGHT + BAR_GAP;
  }
  if (panel.reference) {
    const at = x(panel.reference.value).toFixed(1);
    out.push(
      `<line x1="${at}" y1="${top + TITLE_HEIGHT - 4}" x2="${at}" y2="${y}" stroke="#1c7ed6" stroke-width="1.5" stroke-dasharray="5,3"/>`,
      `<text x="${at}" y="${y + 12}" text-anchor="middle" fill="#1c7ed6">${escapeXml(`${panel.reference.label}: ${formatValue(panel.reference.value, panel.unit)}`)}</text>`,
    );
  }
  return out.join("\n");
}

/** @param {number} value @param {string} unit */
function formatValue(value, unit) {
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits })} ${unit}`;
}
