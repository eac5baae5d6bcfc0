import type { BodyOf, sourcingAgent } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { COUNTRIES, findCountry } from "../../data/countries";
import { AppError } from "../../errors";
import { findSupplierByHost } from "../../queries/marketplace/supplier-matching";

// The server does not fetch pages: it may have no internet, and fetching any URL a user types
// would let them probe our network (SSRF). The agent passes the page text the user pasted.

const CAPABILITIES = [
  "cut and sew", "screen printing", "embroidery", "dye sublimation", "sublimation printing", "dtg printing", "direct to garment", "heat transfer",
  "knitting", "weaving", "dyeing", "garment dyeing", "pattern making", "sample making", "sewing", "private label", "oem", "odm",
  "injection molding", "blow molding", "cnc machining", "die casting", "metal stamping", "laser cutting", "laser engraving", "3d printing",
  "ceramic glazing", "slip casting", "kiln firing", "pad printing", "offset printing", "digital printing", "foil stamping", "embossing", "debossing",
  "rigid boxes", "corrugated boxes", "folding cartons", "custom packaging", "labels", "hang tags", "leather goods", "leather tanning",
  "jewelry casting", "electroplating", "stone setting", "candle making", "soap making", "cosmetics formulation", "skincare formulation",
  "filling", "bottling", "woodworking", "glass blowing", "upholstery", "electronics assembly", "pcb assembly", "quality control", "fulfillment",
];
const GENERIC_TLDS = new Set(["co", "io", "ai", "me", "tv", "ly", "fm", "gg", "to", "cc", "ws", "la", "so", "sh", "ac"]);

// Every scan below reads each character of the page a bounded number of times: pageText may be
// 200,000 characters, and a regular expression that retries from every position (an unclosed
// `<script`, a long run of letters with no `@`) took the whole process for a minute and a half.
const BLOCK_TAGS = new Set(["br", "p", "div", "li", "h1", "h2", "h3", "h4", "h5", "h6", "tr"]);
const RAW_TEXT_TAGS = new Set(["script", "style"]);
const TAG_NAME = /^\/?([a-z][a-z0-9]*)/;

/** The page's text and title: tags become spaces (line breaks after blocks), scripts and styles go; one pass. */
function plainText(page: string): { text: string; title: string | null } {
  const lowerPage = page.toLowerCase();
  const out: string[] = [];
  let title: string | null = null;
  let sawTag = false;
  let gt = -1; // the first ">" at or after the current "<" (kept: it serves every "<" before it)
  let i = 0;
  while (i < page.length) {
    const lt = page.indexOf("<", i);
    if (lt < 0) break;
    if (gt < lt) gt = page.indexOf(">", lt);
    if (gt < 0) break; // no tag can close after here: the rest is text
    const name = TAG_NAME.exec(lowerPage.slice(lt + 1, Math.min(gt, lt + 12)))?.[1];
    const opening = lowerPage[lt + 1] !== "/";
    if (!name && lowerPage[lt + 1] !== "!") {
      out.push(page.slice(i, lt + 1));
      i = lt + 1;
      continue;
    }
    sawTag = true;
    out.push(page.slice(i, lt), name && BLOCK_TAGS.has(name) && (name === "br" || !opening) ? "\n" : " ");
    i = gt + 1;
    if (name && opening && RAW_TEXT_TAGS.has(name)) {
      const close = lowerPage.indexOf(`</${name}`, i);
      if (close < 0) return { text: out.join(""), title };
      i = close;
    } else if (name === "title" && opening && title === null) {
      title = titleAt(page, lowerPage, i);
    }
  }
  if (!sawTag) return { text: page, title };
  out.push(page.slice(i));
  return { text: out.join("").replaceAll("&nbsp;", " ").replaceAll("&amp;", "&"), title };
}

/** The title's text when it runs from `start` to a `</title` within 300 characters. */
function titleAt(page: string, lowerPage: string, start: number): string | null {
  const end = page.indexOf("<", start);
  if (end <= start || end - start > 300 || !lowerPage.startsWith("</title", end)) return null;
  return page.slice(start, end).trim() || null;
}

const EMAIL_LOCAL = /^[\w.%+-]+$/;
const EMAIL_LABEL = /^[a-z\d-]+$/i;
const EMAIL_TLD = /^[a-z]{2,}$/i;
/** Runs of the characters an address is made of; the rest of the text separates them. */
const EMAIL_RUN = /[\w.%+@-]+/g;

/** An address as the runs of the text hold it (a trailing full stop is the sentence's), or null. */
function emailIn(run: string): string | null {
  const candidate = run.replace(/[.-]+$/, "");
  if (candidate.length > 254) return null;
  const at = candidate.lastIndexOf("@");
  if (at <= 0) return null;
  const local = candidate.slice(candidate.lastIndexOf("@", at - 1) + 1, at);
  const labels = candidate.slice(at + 1).split(".");
  if (!EMAIL_LOCAL.test(local) || labels.length < 2 || !labels.every((l) => EMAIL_LABEL.test(l)) || !EMAIL_TLD.test(labels.at(-1)!)) return null;
  return `${local}@${labels.join(".")}`;
}

function hostOf(url: string): string {
  const withScheme = url.startsWith("//") ? `https:${url}` : /^[a-z]+:/i.test(url) ? url : `https://${url}`;
  return new URL(withScheme).hostname.toLowerCase().replace(/^www\./, "");
}

function nameFromHost(host: string): string {
  const label = host.split(".").slice(0, -1).join(" ") || host;
  return label.split(/[-_. ]+/).filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join(" ");
}

function findName(text: string, title: string | null, host: string): string {
  if (title) return title.split(/\s[|–—-]\s/)[0]!.trim();
  const first = text.split("\n").map((l) => l.trim()).find((l) => l.length >= 2 && l.length <= 80 && !/@|https?:/.test(l));
  return first ?? nameFromHost(host);
}

function findMoq(text: string): number | null {
  const m = text.match(/\b(?:moq|minimum order(?: quantity)?|min\.? order)\b[^0-9\n]{0,25}([0-9][0-9,. ]*)(k\b)?/i);
  if (!m) return null;
  const n = Number(m[1]!.replace(/[, ]/g, "").replace(/\.(?=\d{3}\b)/g, ""));
  if (!Number.isFinite(n) || n <= 0) return null;
  return Math.round(m[2] ? n * 1000 : n);
}

function findCountryIn(text: string, host: string): string | null {
  const lower = text.toLowerCase();
  const cue = lower.match(/\b(?:made in|located in|based in|factory in|headquartered in|from)\s+(?:the\s+)?([a-z][a-z .'-]{2,40})/g) ?? [];
  const byName = [...COUNTRIES].sort((a, b) => b.name.length - a.name.length);
  for (const phrase of cue) {
    const hit = byName.find((c) => phrase.includes(c.name.toLowerCase()));
    if (hit) return hit.code;
  }
  let best: { code: string; count: number } | null = null;
  for (const c of byName) {
    const count = lower.split(new RegExp(`\\b${c.name.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`)).length - 1;
    if (count > (best?.count ?? 0)) best = { code: c.code, count };
  }
  if (best) return best.code;
  const tld = host.split(".").pop() ?? "";
  return tld.length === 2 && !GENERIC_TLDS.has(tld) && findCountry(tld.toUpperCase()) ? tld.toUpperCase() : null;
}

function findPhones(text: string): string[] {
  const candidates = text.match(/\+?\d[\d\s().-]{6,22}\d/g) ?? [];
  return [...new Set(candidates.map((p) => p.trim()).filter((p) => {
    const digits = p.replace(/\D/g, "").length;
    return digits >= 8 && digits <= 15 && (/^\+/.test(p) || /[\s().-]/.test(p));
  }))].slice(0, 5);
}

/** Extracts a supplier record from its page text. */
export async function analyzeSuppliersInfo(ctx: UserContext, body: BodyOf<typeof sourcingAgent.analyzeSuppliersInfo>) {
  const host = hostOf(body.supplierUrl);
  if (!body.pageText?.trim()) {
    throw new AppError("BAD_GATEWAY", `We could not fetch ${body.supplierUrl}: the server does not read web pages. Paste the text of the supplier's page as pageText and try again.`, [
      { field: "body.pageText", reason: "is needed because the page could not be fetched" },
    ]);
  }
  const { text, title } = plainText(body.pageText);
  const lower = ` ${text.toLowerCase().replace(/\s+/g, " ")} `;
  const capabilities = CAPABILITIES.filter((c) => new RegExp(`[^a-z0-9]${c.replace(/ /g, "[ -]")}[^a-z0-9]`).test(lower));
  const countryCode = findCountryIn(text, host);
  const found = (text.match(EMAIL_RUN) ?? []).map(emailIn).filter((e): e is string => e !== null);
  const emails = [...new Set(found.map((e) => e.toLowerCase()))].slice(0, 5);
  return {
    supplierUrl: body.supplierUrl,
    website: host,
    name: findName(text, title, host),
    capabilities,
    moq: findMoq(text),
    countryCode,
    countryName: countryCode ? (findCountry(countryCode)?.name ?? null) : null,
    emails,
    phoneNumbers: findPhones(text.replace(EMAIL_RUN, (run) => (emailIn(run) ? " " : run))),
    knownSupplierId: await findSupplierByHost(ctx.pool, host),
  };
}
