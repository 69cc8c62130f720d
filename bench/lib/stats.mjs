// Small statistics helpers: medians of rounds, ratios as percentages.

export function median(values) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export const percent = (ratio) => `${(ratio * 100).toFixed(1)}%`;

export const round = (n, digits = 0) => Number(n.toFixed(digits));
