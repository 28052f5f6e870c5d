/** Numbers for the whole-chain benchmark: percentiles, a least-squares slope and a plain-text table. */

export interface Percentiles {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles of `values` (NaN everywhere when there are none). */
export function percentiles(values: number[]): Percentiles {
  if (values.length === 0)
    return { n: 0, p50: Number.NaN, p95: Number.NaN, p99: Number.NaN, max: Number.NaN };
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  return { n: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: sorted[sorted.length - 1]! };
}

/** Slope of y over x by least squares (units of y per unit of x); 0 for fewer than two points. */
export function slope(points: Array<[x: number, y: number]>): number {
  if (points.length < 2) return 0;
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

export const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : "-");
export const int = (v: number) => (Number.isFinite(v) ? Math.round(v).toLocaleString("en-US") : "-");
export const mib = (kib: number) => (Number.isFinite(kib) ? (kib / 1024).toFixed(1) : "-");
export const verdict = (met: boolean) => (met ? "met" : "NOT met");

/** Left-aligned columns, a dashed rule under the header; Markdown-compatible with `markdown`. */
export function table(header: string[], rows: string[][], markdown = false): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    markdown
      ? `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`
      : cells.map((c, i) => c.padEnd(widths[i]!)).join("  ");
  const rule = markdown
    ? `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`
    : widths.map((w) => "-".repeat(w)).join("  ");
  return [line(header), rule, ...rows.map(line)].join("\n");
}
