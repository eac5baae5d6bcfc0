import type { MeasureFormat } from "./reports";

// How a report's figures read (000 §9: USD in en-US; compact numbers with k from 1,000 and m from
// 1,000,000), shared by the API's notes, the CSV, the screens, the share page and the copilot.

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const usdWhole = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const plain = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

function compact(value: number): string {
  const abs = Math.abs(value);
  const sign = value < 0 ? "-" : "";
  const trim = (n: number) => (Math.floor(n * 10) / 10).toFixed(1).replace(/\.0$/, "");
  if (abs >= 1_000_000) return `${sign}${trim(abs / 1_000_000)}m`;
  if (abs >= 1_000) return `${sign}${trim(abs / 1_000)}k`;
  return plain.format(value);
}

/** One figure in words: money from cents, percents, days; `compact` for chart axes and cards. */
export function formatMeasure(value: number | null | undefined, format: MeasureFormat, options: { compact?: boolean } = {}): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "–";
  switch (format) {
    case "money": {
      const dollars = value / 100;
      if (options.compact) return Math.abs(dollars) >= 1000 ? `${dollars < 0 ? "-" : ""}$${compact(Math.abs(dollars))}` : usdWhole.format(dollars);
      return Math.abs(dollars) >= 1000 ? usdWhole.format(dollars) : usd.format(dollars);
    }
    case "percent":
      return `${plain.format(Math.round(value * 10) / 10)}%`;
    case "days":
      return `${plain.format(Math.round(value * 10) / 10)} days`;
    case "ratio":
      return plain.format(value);
    case "count":
      return options.compact ? compact(value) : plain.format(value);
  }
}
