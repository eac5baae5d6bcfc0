import fs from "node:fs/promises";
import { SHIPPED_LINES_FILE, parseTariffLines } from "../../data/tariffs/dataset";

// The HS headings (first four digits) the shipped tariff data knows, read once.
let headings: Promise<Set<string>> | null = null;

export async function knownHsHeading(hsCode: string): Promise<boolean> {
  headings ??= fs.readFile(SHIPPED_LINES_FILE, "utf8").then((text) => new Set(parseTariffLines(text).map((l) => l.htsCode.replace(/\D/g, "").slice(0, 4))));
  return (await headings).has(hsCode.replace(/\D/g, "").slice(0, 4));
}
