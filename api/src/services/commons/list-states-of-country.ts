import type { ResponseOf, commons } from "@atelier/contracts";
import { findCountry, statesOf } from "../../data/countries";
import { invalid } from "../../errors";

/** The states or provinces of a known country; an unknown code is a 400. */
export function listStatesOfCountry(countryCode: string): ResponseOf<typeof commons.listStatesOfCountry> {
  const country = findCountry(countryCode);
  if (!country) throw invalid("query.countryCode", "is not a known ISO 3166 country code");
  return { countryCode: country.code, list: [...statesOf(country.code)] };
}
