// The shape of a bench section: a file named `<name>.section.ts` in test/bench/ whose default
// export is a BenchSection. index.ts runs every such file, in file-name order.

export interface BenchFigure {
  label: string;
  value: string;
}

export interface BenchSection {
  title: string;
  run(): BenchFigure[] | Promise<BenchFigure[]>;
}

/** A number with thousands separators and a fixed count of decimals. */
export function formatNumber(value: number, decimals = 0): string {
  if (!Number.isFinite(value)) return String(value);
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}
