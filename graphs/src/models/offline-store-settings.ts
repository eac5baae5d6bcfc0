import type { stores } from "@atelier/contracts";
import type { Intent } from "./offline-types";
import { call, got } from "./offline-steps";

// The store's settings and public profile offline: "what currency is my store in", "set my store
// timezone to Europe/Lisbon" (or "to Lisbon time"), "switch weights to kg", "change my store
// description to 'Organic basics made to last'". Writes here spend nothing and contact nobody, so
// they need no approval; the answer repeats what was saved.

const CHANGE = /\b(set|change|chnage|switch|update|updte|make|use|rename|turn (on|off)|enable|disable|put)\b/i;
const SETTING = /\b(currency|time ?zone|tz|weight unit|weights?|kg|kilos?|kilograms?|lbs?|pounds?|ounces?|oz|grams?|notifications?|new[- ]order e-?mails?|inbox (sms|texts?)|store settings|settings)\b/i;
const PROFILE_FIELDS: { re: RegExp; field: "description" | "title" | "website" | "contactEmail" | "phone"; words: string }[] = [
  { re: /\b(description|descripton|about|bio|tagline)\b/i, field: "description", words: "description" },
  { re: /\b(rename|name|title)\b/i, field: "title", words: "name" },
  { re: /\b(website|web site|site|url)\b/i, field: "website", words: "website" },
  { re: /\b(contact e-?mail|e-?mail)\b/i, field: "contactEmail", words: "contact e-mail" },
  { re: /\b(phone|phone number|telephone)\b/i, field: "phone", words: "phone number" },
];

const WEIGHT_WORDS: [RegExp, (typeof stores.WEIGHT_UNITS)[number]][] = [
  [/\b(kg|kgs|kilos?|kilograms?)\b/i, "kg"],
  [/\b(lbs?|pounds?)\b/i, "lb"],
  [/\b(oz|ounces?)\b/i, "oz"],
  [/\b(g|grams?)\b/i, "g"],
];

const ZONES: string[] = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];

/** A time zone as typed: an IANA name ("Europe/Lisbon"), UTC, or a city the zone database names ("Lisbon", "new york time"). */
export function parseTimeZone(text: string): string | undefined {
  const iana = /\b([A-Za-z]+\/[A-Za-z_]+(?:\/[A-Za-z_]+)?)\b/.exec(text)?.[1];
  if (iana) return iana;
  if (/\b(utc|gmt)\b/i.test(text)) return "UTC";
  const tail = text.trim().replace(/[.!?]+$/, "").replace(/ time$/i, "");
  const place = /\b(?:to|in|on) ([A-Za-z][A-Za-z .'-]{1,30})$/i.exec(tail)?.[1]?.trim().replace(/\s+/g, "_").toLowerCase();
  if (!place) return undefined;
  return ZONES.find((z) => z.split("/").at(-1)!.toLowerCase() === place);
}

function parseWeightUnit(text: string): (typeof stores.WEIGHT_UNITS)[number] | undefined {
  return WEIGHT_WORDS.find(([re]) => re.test(text))?.[1];
}

/** The value a profile change sets: the quoted text, else what follows the last " to ". */
function newValue(text: string): string | undefined {
  // A quote opens after a space or a colon, so "shop's" is not one.
  const quoted = /(?:^|[\s:])["'“‘]([^"'”’]{1,2000})["'”’]/.exec(text)?.[1];
  if (quoted) return quoted.trim();
  const after = /\bto (.+)$/i.exec(text.trim())?.[1];
  return after ? after.replace(/[.!]+$/, "").trim() : undefined;
}

const onOff = (text: string): boolean | undefined => (/\b(turn on|enable|switch on|on)\b/i.test(text) ? true : /\b(turn off|disable|switch off|off|stop)\b/i.test(text) ? false : undefined);

export const STORE_SETTINGS_INTENTS: Intent[] = [
  {
    name: "update-store-settings",
    tools: ["update_store_settings"],
    examples: [
      "set my store timezone to Europe/Lisbon",
      "change the time zone to New York",
      "switch my weight unit to kg",
      "use grams for weights",
      "turn off new order emails",
      "chnage my timezone to london",
      "set the store time zone to UTC",
    ],
    match: (t) => CHANGE.test(t) && SETTING.test(t) && !/\bcurrency\b/i.test(t),
    step: (t, done) => {
      const saved = got(done, "update_store_settings");
      if (saved) {
        const s = saved.value;
        const said: string[] = [];
        if (saved.args.timezone) said.push(`the time zone is ${s.timezone}`);
        if (saved.args.weightUnit) said.push(`weights are in ${s.weightUnit}`);
        const n = saved.args.notifications as { emailOnNewOrder?: boolean; inboxSmsNotify?: boolean } | undefined;
        if (n?.emailOnNewOrder !== undefined) said.push(`new-order e-mails are ${s.notifications.emailOnNewOrder ? "on" : "off"}`);
        if (n?.inboxSmsNotify !== undefined) said.push(`inbox text messages are ${s.notifications.inboxSmsNotify ? "on" : "off"}`);
        return { answer: `Saved: ${said.join(", ") || "your settings are updated"}.` };
      }
      if (/\b(time ?zone|tz)\b/i.test(t)) {
        const timezone = parseTimeZone(t);
        return timezone ? call("update_store_settings", { timezone }) : { answer: 'Which time zone? Say it like "Europe/Lisbon" or "America/New_York", or name a city such as Lisbon.' };
      }
      if (/\b(notifications?|e-?mails?|sms|texts?)\b/i.test(t)) {
        const on = onOff(t);
        if (on === undefined) return { answer: "Should I turn those notifications on or off?" };
        return call("update_store_settings", { notifications: /\b(sms|texts?)\b/i.test(t) ? { inboxSmsNotify: on } : { emailOnNewOrder: on } });
      }
      const weightUnit = parseWeightUnit(t);
      return weightUnit ? call("update_store_settings", { weightUnit }) : { answer: "Which weight unit: pounds, ounces, kilograms or grams?" };
    },
  },
  {
    name: "store-settings",
    tools: ["get_store_settings"],
    examples: ["what currency is my store in", "what time zone is my store on", "show my store settings", "which weight unit do i use", "are new order emails on", "whats my stores timezone", "store setings"],
    match: (t) => SETTING.test(t) && !CHANGE.test(t),
    step: (_t, done) => {
      const r = got(done, "get_store_settings");
      if (!r) return call("get_store_settings");
      const s = r.value;
      return {
        answer: [
          `Your store sells in ${s.currency} (US dollars: the only currency Atelier supports), on ${s.timezone} time, with weights in ${s.weightUnit}.`,
          `New-order e-mails are ${s.notifications.emailOnNewOrder ? "on" : "off"}; inbox text messages are ${s.notifications.inboxSmsNotify ? "on" : "off"}.`,
        ].join("\n"),
      };
    },
  },
  {
    name: "update-store-profile",
    tools: ["update_store_profile"],
    examples: [
      "change my store description to 'Organic basics made to last'",
      "rename my store to Northwind Basics",
      "set the store's website to https://northwind.example",
      "update my shop description: handmade in Lisbon",
      "change the store contact email to hello@northwind.example",
      "make my store tagline \"slow fashion, fast shipping\"",
    ],
    match: (t) => CHANGE.test(t) && /\b(store|shop|stores|store's|shop's)\b/i.test(t) && PROFILE_FIELDS.some((f) => f.re.test(t)) && !SETTING.test(t),
    step: (t, done) => {
      const saved = got(done, "update_store_profile");
      const field = PROFILE_FIELDS.find((f) => f.re.test(t))!;
      if (saved) return { answer: `Saved: your store's ${field.words} now reads "${String(saved.value[field.field] ?? "")}".` };
      const value = newValue(t.replace(/:\s+/, " to "));
      if (!value) return { answer: `What should the store's ${field.words} say? Put it in quotes, e.g. change my store ${field.words} to "…".` };
      return call("update_store_profile", { [field.field]: value });
    },
  },
];
