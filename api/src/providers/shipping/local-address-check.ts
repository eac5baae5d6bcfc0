import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";
import type { LabelAddress } from "@atelier/contracts/shipping";
import { COUNTRIES, findCountry, statesOf } from "../../data/countries";
import type { AddressCheck } from "./types";

// Offline address validation (000 §7 commons address validation): the country exists, the postcode
// has that country's format, a US address names a real state, and the phone is a real number for
// the country. It normalises what it can (upper-case codes, ZIP+4 with its dash, Canadian and
// British postcodes with their space, phone in E.164) and suggests fixes it is sure of.

type PostcodeRule = { pattern: RegExp; example: string; normalize?: (v: string) => string };

const spaced = (at: number) => (v: string) => {
  const c = v.replace(/\s+/g, "").toUpperCase();
  return `${c.slice(0, c.length - at)} ${c.slice(c.length - at)}`;
};

/** Postcode formats of the countries most parcels go to; other countries' postcodes are kept as written. */
export const POSTCODE_RULES: Record<string, PostcodeRule> = {
  US: { pattern: /^\d{5}(-?\d{4})?$/, example: "94107 or 94107-1234", normalize: (v) => (v.replace(/\D/g, "").length === 9 ? `${v.replace(/\D/g, "").slice(0, 5)}-${v.replace(/\D/g, "").slice(5)}` : v) },
  CA: { pattern: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i, example: "K1A 0B1", normalize: spaced(3) },
  GB: { pattern: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i, example: "SW1A 1AA", normalize: spaced(3) },
  DE: { pattern: /^\d{5}$/, example: "10115" },
  FR: { pattern: /^\d{5}$/, example: "75001" },
  IT: { pattern: /^\d{5}$/, example: "00118" },
  ES: { pattern: /^\d{5}$/, example: "28001" },
  NL: { pattern: /^\d{4} ?[A-Z]{2}$/i, example: "1011 AB", normalize: spaced(2) },
  AU: { pattern: /^\d{4}$/, example: "2000" },
  JP: { pattern: /^\d{3}-?\d{4}$/, example: "100-0001", normalize: (v) => `${v.replace(/\D/g, "").slice(0, 3)}-${v.replace(/\D/g, "").slice(3)}` },
  MX: { pattern: /^\d{5}$/, example: "01000" },
  CN: { pattern: /^\d{6}$/, example: "100000" },
  IN: { pattern: /^\d{6}$/, example: "110001" },
  BR: { pattern: /^\d{5}-?\d{3}$/, example: "01000-000", normalize: (v) => `${v.replace(/\D/g, "").slice(0, 5)}-${v.replace(/\D/g, "").slice(5)}` },
};

const norm = (s: string) => s.trim().toLowerCase().replace(/[^a-z]/g, "");

// Names looked up by their normalised form, built once: normalising every country's and state's
// name on each check was most of a rate quote's CPU (bench:shipping:profile).
const COUNTRY_BY_NAME = new Map<string, (typeof COUNTRIES)[number]>([
  ...COUNTRIES.map((c) => [norm(c.name), c] as const),
  ...["usa", "us", "unitedstates", "america"].map((n) => [n, findCountry("US")!] as const),
  ...["uk", "england", "greatbritain"].map((n) => [n, findCountry("GB")!] as const),
]);
const stateNames = new Map<string, Map<string, ReturnType<typeof statesOf>[number]>>();

function countryByName(name: string) {
  const n = norm(name);
  return n ? COUNTRY_BY_NAME.get(n) : undefined;
}

function stateByName(countryCode: string, ...names: string[]) {
  let byName = stateNames.get(countryCode);
  if (!byName) stateNames.set(countryCode, (byName = new Map(statesOf(countryCode).map((s) => [norm(s.name), s]))));
  for (const name of names) {
    const state = byName.get(norm(name));
    if (state) return state;
  }
  return undefined;
}

/** Checks and normalises one address; never throws for a bad address (the problems say why). */
export function checkAddress(address: LabelAddress): AddressCheck {
  const problems: AddressCheck["problems"] = [];
  const suggestions: AddressCheck["suggestions"] = [];
  const out: LabelAddress = { ...address, name: address.name.trim().replace(/\s+/g, " "), city: address.city.trim().replace(/\s+/g, " "), stateCode: address.stateCode.trim().toUpperCase() };

  const country = findCountry(out.countryCode);
  if (!country) {
    const byName = countryByName(out.country);
    problems.push({ field: "countryCode", message: `${out.countryCode} is not a country code.` });
    if (byName) suggestions.push({ field: "countryCode", value: byName.code, message: `Did you mean ${byName.name} (${byName.code})?` });
  } else {
    const named = countryByName(out.country);
    if (named && named.code !== country.code) suggestions.push({ field: "country", value: country.name, message: `The country name says ${named.name} but the code is ${country.code} (${country.name}).` });
    out.country = country.code === "US" ? "United States of America" : country.name;
  }

  const rule = POSTCODE_RULES[out.countryCode];
  const zip = out.zipCode.trim();
  if (rule) {
    if (!rule.pattern.test(zip)) problems.push({ field: "zipCode", message: `${zip} is not a postcode of ${country?.name ?? out.countryCode}; it looks like ${rule.example}.` });
    else out.zipCode = rule.normalize ? rule.normalize(zip) : zip.toUpperCase();
  } else out.zipCode = zip.toUpperCase();

  const states = statesOf(out.countryCode);
  if (states.length) {
    const byCode = states.find((s) => s.code === out.stateCode);
    const byName = byCode ? undefined : stateByName(out.countryCode.toUpperCase(), out.state, out.stateCode);
    if (byCode) out.state = byCode.name;
    else if (byName) {
      out.stateCode = byName.code;
      out.state = byName.name;
      suggestions.push({ field: "stateCode", value: byName.code, message: `${byName.name} is ${byName.code}.` });
    } else if (out.countryCode === "US" || out.stateCode) {
      problems.push({ field: "stateCode", message: out.stateCode ? `${out.stateCode} is not a state of ${country?.name ?? out.countryCode}.` : `Enter the two-letter state code, like CA.` });
    }
  }

  if (out.phone.trim()) {
    const phone = parsePhoneNumberFromString(out.phone, (country?.code ?? "US") as CountryCode);
    if (phone?.isValid()) out.phone = phone.number;
    else problems.push({ field: "phone", message: `${out.phone.trim()} is not a phone number in ${country?.name ?? out.countryCode}.` });
  }
  return { valid: problems.length === 0, normalized: out, problems, suggestions };
}
