import type { ResponseOf, commons } from "@atelier/contracts";
import { findCountry, type Country } from "../../data/countries";
import { invalid } from "../../errors";

export type InferredCountry = ResponseOf<typeof commons.inferCountry>;

const DEFAULT_COUNTRY = "US";

/**
 * The caller's likely country: an explicit hint wins, then the first Accept-Language entry (by
 * weight) that names a known region, then the United States, where most of the product's users are.
 */
export function inferCountry(input: { hint?: string; acceptLanguage?: string }): InferredCountry {
  if (input.hint) {
    const country = findCountry(input.hint);
    if (!country) throw invalid("query.countryCode", "is not a known ISO 3166 country code");
    return withSource(country, "hint");
  }
  const fromHeader = countryFromAcceptLanguage(input.acceptLanguage);
  if (fromHeader) return withSource(fromHeader, "accept-language");
  return withSource(findCountry(DEFAULT_COUNTRY)!, "default");
}

function withSource(country: Country, inferredFrom: InferredCountry["inferredFrom"]): InferredCountry {
  return { ...country, inferredFrom };
}

/** The first known country among the header's language tags, highest weight first. */
export function countryFromAcceptLanguage(header: string | undefined): Country | undefined {
  if (!header) return undefined;
  const tags = header
    .slice(0, 1000)
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((t) => t.tag && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of tags) {
    // The region is the first two-letter subtag after the language (en-GB, zh-Hans-CN); numeric
    // regions such as es-419 name no single country.
    const region = tag.split(/[-_]/).slice(1).find((sub) => /^[A-Za-z]{2}$/.test(sub));
    const country = region ? findCountry(region) : undefined;
    if (country) return country;
  }
  return undefined;
}
