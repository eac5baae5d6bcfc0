import type { ResponseOf, commons } from "@atelier/contracts";
import { COUNTRIES } from "../../data/countries";

/** Every ISO 3166 country with its region. */
export function listCountries(): ResponseOf<typeof commons.listCountries> {
  return { list: [...COUNTRIES] };
}
