import type { Intent, IntentContext, Outcome, Step } from "./offline-types";
import type { ToolResponse } from "@atelier/tools/tool-results";
import { countryName, parseAnyCountry, parseEmail, parseMoq, parseProduct, parseUnitPrice } from "./offline-parse";
import { call, got, type Got } from "./offline-steps";
import { parseFirstN, parseOrdinal } from "./offline-references";
import { latestGoal, SIZE_RUN, techPackArgsFromGoal } from "./offline-goal";
import { recordCitation } from "./offline-supplier-scorecards";

// The design-sourcing agent's flow as the offline assistant runs it (001 §3, §7): validate the
// goal, match factories, then the ways to reach them (in-network inboxes, expanded-network email,
// the factories' contact details to the user, emails from the user's own address), inviting the
// user's own supplier, and editing the tech pack. Every write that contacts people is approval-gated
// by its tool, so these intents only decide what to ask for.

const NO_MATCHES = "First tell me what to make, e.g. \"find suppliers for organic cotton tees under MOQ 500\", and I'll match factories.";

/** The answer to a factory match: in-network first, then the expanded network. */
type Match = ToolResponse<"match_factories">;

export function matchAnswer(r: Match): string {
  const place = (s: { city?: string | null; countryCode: string }) => [s.city, countryName(s.countryCode)].filter(Boolean).join(", ");
  const inNet = r.inNetwork.map((s) => `- ${s.name} (${place(s)}) — MOQ ${s.moq ?? "n/a"}, ${s.productionDaysMin}-${s.productionDaysMax} days${s.averageReview ? `, rated ${s.averageReview}` : ""}`);
  const exp = r.expandedNetwork.slice(0, 5).map((s) => `- ${s.name} (${place(s)})${s.website ? ` ${s.website}` : ""}`);
  if (!inNet.length && !exp.length) return `No factory matched "${r.queryText}". Try fewer filters or a broader description.`;
  return [
    inNet.length ? `In-network matches for "${r.queryText}":` : "",
    ...inNet,
    exp.length ? "Expanded network:" : "",
    ...exp,
    "Say \"send my tech pack to these factories\" to contact the in-network ones, \"contact the expanded network ones\" to email the others, or \"email me the factories' contact info\".",
  ]
    .filter(Boolean)
    .join("\n");
}

/** The factory-match arguments of a request: what to make, and the MOQ and country filters. */
export function matchArgs(text: string): Record<string, unknown> | undefined {
  const query = parseProduct(text);
  if (!query) return undefined;
  const filters: Record<string, unknown> = {};
  const moq = parseMoq(text);
  const country = parseAnyCountry(text);
  if (moq !== undefined) filters.moqMax = moq;
  if (country) filters.countryCodes = [country];
  return Object.keys(filters).length ? { query, filters } : { query };
}

/** "500 units", "1,000 pcs": how many the user wants made (an MOQ limit is not a quantity). */
export function parseQuantity(text: string): number | undefined {
  const m = text.match(/(\d[\d,]*)\s*(?:units|pcs|pieces)\b/i);
  return m?.[1] ? Number(m[1].replace(/,/g, "")) : undefined;
}

/** The tech pack the thread is about: the newest written, updated or read one. */
type TechPackRef = { id: string; productName: string; description?: string | null; totalQuantity?: number };

function techPackOf(outcomes: Outcome[]): TechPackRef | undefined {
  for (const o of [...outcomes].reverse()) {
    const pack = got([o], "create_tech_pack") ?? got([o], "update_tech_pack") ?? got([o], "get_tech_pack");
    if (pack) return pack.value;
  }
  return undefined;
}

/** A tech pack written from the matched request, carrying the conversation's attachments. */
function techPackFromMatch(match: Got<"match_factories">, context: IntentContext, outcomes: Outcome[]): Step {
  // The conversation's saved goal carries everything the user said (quantity, price, date, print…).
  const goal = latestGoal(outcomes);
  if (goal?.goal.productDescription) return call("create_tech_pack", techPackArgsFromGoal(goal.goal, { attachments: context.attachments }));
  const query = String(match.args.query ?? match.value.queryText ?? "Product");
  const args: Record<string, unknown> = { productName: query.charAt(0).toUpperCase() + query.slice(1, 200), description: (match.value.queryText || query).slice(0, 5000) };
  if (context.attachments?.length) args.attachments = context.attachments.slice(0, 20);
  return call("create_tech_pack", args);
}

const names = (list: { supplierName?: string | null; name?: string | null }[]) => list.map((o) => o.supplierName ?? o.name).join(", ");

/** "Acme Mills <sales@acme.example>", "Mill Two two@mill.example": the suppliers a user lists by name and email. */
export function parseSupplierContacts(text: string): { name: string; email: string }[] {
  const out: { name: string; email: string }[] = [];
  // eslint-disable-next-line regexp/no-super-linear-backtracking -- reads at most OFFLINE_TEXT_LIMIT (2,000) characters of a message
  const re = /((?:[A-Z0-9][\w&.'-]*\s+){0,4}?)[<(]?\s*([A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g;
  for (const m of text.matchAll(re)) {
    const email = m[2]!.toLowerCase();
    const typed = m[1]!.trim();
    const fallback = email.split("@")[1]!.split(".")[0]!;
    const name = typed || fallback.charAt(0).toUpperCase() + fallback.slice(1);
    if (!out.some((s) => s.email === email)) out.push({ name: name.slice(0, 200), email });
  }
  return out;
}

/** "invite my supplier Acme, acme.com, acme@example.com, +1 415 555 0100". */
export function parseSupplierInvite(text: string): { name?: string; website?: string; email?: string; phoneNumber?: string } {
  const email = parseEmail(text);
  const withoutEmail = text.replace(/[^\s,;<>()]+@[^\s,;<>()]+/g, " ");
  const site = withoutEmail.match(/\b((?:https?:\/\/)?(?:[a-z0-9-]+\.)+[a-z]{2,}(?:\/[^\s,;)]*)?)/i)?.[1];
  const phone = withoutEmail.match(/\+?\d[\d ().-]{5,22}\d/)?.[0]?.trim();
  // eslint-disable-next-line regexp/no-super-linear-backtracking -- reads at most OFFLINE_TEXT_LIMIT (2,000) characters of a message
  const name = text.match(/\b(?:suppliers?|factory|manufacturer|vendor)\s*:?\s+(?:called\s+|named\s+)?([^,;<(]+?)\s*(?:[,;<(]|$)/i)?.[1]?.trim();
  return {
    name: name && !/@|\.[a-z]{2,}$/i.test(name) ? name : undefined,
    website: site ? (/^https?:\/\//i.test(site) ? site : `https://${site}`) : undefined,
    email,
    phoneNumber: phone,
  };
}


/** Tech pack edits from "update the tech pack: 1200 units, $5 per unit, materials 100% linen; print: …". */
export function parseTechPackChanges(text: string, pack: { description?: string | null }): Record<string, unknown> {
  const rest = text.includes(":") ? text.slice(text.indexOf(":") + 1) : text.replace(/^.*?\btech ?pack\b/i, "");
  const body: Record<string, unknown> = {};
  const notes: string[] = [];
  const sizes = rest.match(SIZE_RUN);
  if (sizes) body.sizes = sizes[1]!.split(/\s*(?:,|and|&|\/)\s*/i).map((x) => x.toUpperCase());
  for (const raw of rest.replace(SIZE_RUN, " ").split(/[;\n]|,(?!\s*\d{3}\b)/)) {
    const clause = raw.trim().replace(/^(and|also|set|make it|change)\s+/i, "");
    if (!clause) continue;
    const quantity = parseQuantity(clause);
    const price = /\$|usd|dollars?|price/i.test(clause) ? parseUnitPrice(clause) : undefined;
    const date = clause.match(/\b\d{4}-\d{2}-\d{2}\b/)?.[0];
    if (quantity !== undefined) body.quantities = [{ quantity }];
    else if (price !== undefined) body.targetUnitPrice = price;
    else if (date) body.targetDate = date;
    else if (/\b(materials?|fabric)\b/i.test(clause)) body.materials = [...((body.materials as string[]) ?? []), clause.replace(/\b(materials?|fabric)\b\s*(:|is|are|to|of)?\s*/i, "").slice(0, 200)].filter(Boolean);
    else if (/\b(print|embroider)/i.test(clause)) body.printDetails = clause.replace(/^print(ing)?( details)?\s*:\s*/i, "").slice(0, 2000);
    else if (/\bpackag/i.test(clause)) body.packaging = clause.replace(/^packaging\s*:\s*/i, "").slice(0, 2000);
    else if (/\b(name|call it)\b/i.test(clause)) body.productName = clause.replace(/^.*?\b(name|call it)\b\s*(:|is|to)?\s*/i, "").slice(0, 200);
    else notes.push(clause);
  }
  if (notes.length) body.description = [pack.description, ...notes].filter(Boolean).join("\n").slice(0, 5000);
  return body;
}

/** One matched factory in full, from the match result the thread already holds. */
function factoryAnswer(match: Match, position: number): string | undefined {
  const shown = [...match.inNetwork.map((f) => ({ f, inNet: true })), ...match.expandedNetwork.slice(0, 5).map((f) => ({ f, inNet: false }))];
  const chosen = position === -1 ? shown.at(-1) : shown[position - 1];
  if (!chosen) return undefined;
  const f = chosen.f as Match["inNetwork"][number] & Partial<Match["expandedNetwork"][number]>;
  return [
    `**${f.name}** (${[f.city, countryName(f.countryCode)].filter(Boolean).join(", ")}) — ${chosen.inNet ? "in our vetted network" : "expanded network"}.`,
    "moq" in f && f.moq != null ? `MOQ ${f.moq}.` : "",
    "productionDaysMin" in f && f.productionDaysMin != null ? `Production ${f.productionDaysMin}-${f.productionDaysMax} days.` : "",
    f.website ? `Website: ${f.website}` : "",
    chosen.inNet ? "Say \"send my tech pack to the first one\" to contact it." : "Say \"contact the expanded network ones\" to email it.",
  ].filter(Boolean).join("\n");
}

/** The sourcing agent's requests, most specific first; they sit before the generic factory sending. */
export const SOURCING_INTENTS: Intent[] = [
  {
    name: "about-matched-factory",
    tools: ["match_factories", "get_supplier_scorecard"],
    roles: ["sourcing-agent"],
    examples: ["tell me more about the second one", "what about the first factory", "details on the third one", "more about the last one"],
    match: (t) => parseOrdinal(t) !== undefined && /\b(tell|more|about|details?|info|describe|who)\b/i.test(t) && !/\b(send|contact|email|message)\b/i.test(t),
    step: (t, done, history) => {
      const match = got(history, "match_factories");
      if (!match) return { answer: NO_MATCHES };
      const position = parseOrdinal(t) ?? 1;
      const about = factoryAnswer(match.value, position);
      if (!about) return { answer: `I matched ${match.value.inNetwork.length + Math.min(5, match.value.expandedNetwork.length)} factories; which one? Say e.g. "tell me more about the first one".` };
      // An in-network factory is a marketplace supplier: the store's own record with it is cited beside the profile.
      const record = got(done, "get_supplier_scorecard");
      if (record) return { answer: `${about}\nYour record with them: ${recordCitation(record.value)}` };
      const ids = match.value.inNetworkIds;
      const id = position === -1 ? (match.value.expandedNetwork.length ? undefined : ids.at(-1)) : ids[position - 1];
      return id ? call("get_supplier_scorecard", { supplierId: id }) : { answer: about };
    },
  },
  {
    name: "invite-supplier",
    tools: ["invite_supplier"],
    match: (t) => /\binvite\b/i.test(t) && /\b(suppliers?|factory|manufacturer|vendor)\b/i.test(t),
    step: (t, done) => {
      const invited = got(done, "invite_supplier");
      if (invited) return { answer: `Invited **${invited.value.name}** (${invited.value.email}) to Atelier. Our sourcing team is notified and will reach out to them; they now show under your suppliers.` };
      const invite = parseSupplierInvite(t);
      const missing = [!invite.name && "their company name", !invite.website && "website", !invite.email && "email", !invite.phoneNumber && "phone number"].filter(Boolean);
      if (missing.length) return { answer: `To invite your supplier I also need ${missing.join(", ")}. Say it in one line, e.g. "invite my supplier Acme, acme.com, acme@example.com, +1 415 555 0100".` };
      return call("invite_supplier", invite);
    },
  },
  {
    name: "update-tech-pack",
    tools: ["update_tech_pack", "list_tech_packs"],
    match: (t) => /\b(update|change|edit|revise|modify|amend)\b/i.test(t) && /\btech ?packs?\b/i.test(t),
    step: (t, done, history) => {
      const updated = got(done, "update_tech_pack");
      if (updated) {
        const r = updated.value;
        return { answer: `Saved version ${r.version} of **${r.productName}**: ${r.totalQuantity} units${r.targetUnitPrice != null ? `, target $${r.targetUnitPrice} per unit` : ""}${r.materials.length ? `, ${r.materials.join(", ")}` : ""}. Earlier versions stay in its history.` };
      }
      const listed = got(done, "list_tech_packs");
      const pack = techPackOf([...history, ...done]) ?? listed?.value.list[0];
      if (!pack && !listed) return call("list_tech_packs", { size: 1 });
      if (!pack) return { answer: "You have no tech pack yet. Describe your product and I'll write one." };
      const body = parseTechPackChanges(t, pack);
      if (!Object.keys(body).length) return { answer: `What should change in **${pack.productName}**? e.g. "update the tech pack: 1200 units, $5 per unit, materials 100% linen".` };
      return { calls: [{ name: "update_tech_pack", args: { id: pack.id, ...body } }] };
    },
  },
  {
    name: "email-contact-info",
    tools: ["send_factories_contact_info", "get_my_store"],
    match: (t) => (/\bcontact (info|information|details)\b/i.test(t) || /\b(email|send)\s+me\b/i.test(t)) && /\b(factor|supplier|manufactur|them|those)/i.test(t),
    step: (t, done, history) => {
      const sent = got(done, "send_factories_contact_info");
      if (sent) return { answer: `Emailed the contact details of ${sent.value.factoryCount} factories to ${sent.value.to}. Reach out to them directly; say "contact the expanded network ones" if you'd rather I send your tech pack.` };
      const match = got([...history, ...done], "match_factories");
      if (!match) return { answer: NO_MATCHES };
      const ids = [...match.value.inNetworkIds, ...match.value.expandedIds].slice(0, 50);
      if (!ids.length) return { answer: "No factories matched, so there are no contact details to send. Try a broader description." };
      const store = got(done, "get_my_store");
      const email = parseEmail(t) ?? store?.value.user.email;
      if (!email) return call("get_my_store");
      return call("send_factories_contact_info", { userEmail: email, companyIds: ids });
    },
  },
  {
    name: "send-from-own-email",
    tools: ["send_emails_by_own_email", "create_tech_pack"],
    match: (t) => /\b(send|email|write|mail)\b/i.test(t) && /\b(my own|own (email|e-mail|address)|from my (email|e-mail|address|inbox))\b/i.test(t),
    step: (t, done, history, context) => {
      const sent = got(done, "send_emails_by_own_email");
      if (sent) {
        const r = sent.value;
        const again = r.alreadySent.length ? ` ${names(r.alreadySent)} already had this version, so they weren't emailed again.` : "";
        return { answer: `Sent ${r.sent.length} email(s) from your address to ${names(r.sent) || "nobody new"} with tech pack v${r.techPackVersion}; replies go to ${r.replyTo}.${again}` };
      }
      const all = [...history, ...done];
      const match = got(all, "match_factories");
      const typed = parseSupplierContacts(t);
      const matched = (match?.value.expandedNetwork ?? []).flatMap((s) => (s.contactEmail ? [{ name: s.name, email: s.contactEmail }] : []));
      const recipients = [...typed, ...matched.filter((m: { email: string }) => !typed.some((x) => x.email === m.email))].slice(0, 50);
      if (!recipients.length) return { answer: "Which suppliers should I email from your address? Give each name and email, e.g. \"send emails from my own address to Mill One one@mill.example\"." };
      const pack = techPackOf(all);
      if (!pack) return match ? techPackFromMatch(match, context, [...history, ...done]) : { answer: "Describe the product first so I can write the tech pack the emails carry." };
      return call("send_emails_by_own_email", {
        uploadSuppliers: recipients,
        emailSubject: `Request for quote: ${pack.productName}`.slice(0, 200),
        emailBody: `Hello,\n\nWe are looking for a manufacturer for ${pack.productName}${pack.totalQuantity ? ` (${pack.totalQuantity} units)` : ""}. The tech pack is below. Could you quote the price per unit, MOQ, sample cost and lead time?\n\nThank you`,
        techPackId: pack.id,
      });
    },
  },
  {
    name: "contact-expanded-network",
    tools: ["send_messages_expanded_network", "create_tech_pack"],
    match: (t) => /\bexpanded\b/i.test(t) && /\b(contact|send|email|message|reach|write)/i.test(t),
    step: (_t, done, history, context) => {
      const sent = got(done, "send_messages_expanded_network");
      if (sent) {
        const r = sent.value;
        const again = r.alreadySent.length ? ` ${names(r.alreadySent)} already had this version.` : "";
        return { answer: `Emailed your tech pack (v${r.techPackVersion}) to ${r.sent.length} expanded-network supplier(s): ${names(r.sent) || "none new"}. Their replies come to your email.${again}` };
      }
      const all = [...history, ...done];
      const match = got(all, "match_factories");
      if (!match) return { answer: NO_MATCHES };
      const ids = match.value.expandedNetwork.filter((s) => s.contactEmail).map((s) => s.id).slice(0, 50);
      if (!ids.length) return { answer: "None of the expanded-network matches has an email address on file. Say \"email me the factories' contact info\" to reach them another way." };
      const pack = techPackOf(all);
      if (!pack) return techPackFromMatch(match, context, all);
      return call("send_messages_expanded_network", { techPackId: pack.id, companyIds: ids });
    },
  },
  {
    name: "send-to-factories",
    tools: ["create_tech_pack", "send_messages_in_network"],
    examples: ["send my tech pack to the matched factories", "message the top two factories", "reach out to the first one", "send the tech pack to all of them", "contact the third factory", "email the pack to the top 4"],
    match: (t) => /\b(send|contact|message|reach out|email)\b/i.test(t) && (/\b(factor|supplier|manufactur|them|first|top)/i.test(t) || parseOrdinal(t) !== undefined),
    step: (t, done, history, context) => {
      const all = [...history, ...done];
      const match = got(all, "match_factories");
      if (!match) return { answer: NO_MATCHES };
      const sent = got(done, "send_messages_in_network");
      if (sent) {
        const r = sent.value;
        const again = r.alreadySent.length ? ` ${names(r.alreadySent)} already had this version, so they weren't messaged again.` : "";
        return { answer: `Sent your tech pack (v${r.techPackVersion}) to ${names(r.sent) || "nobody new"}.${again} Their replies arrive in your inbox.` };
      }
      const pack = techPackOf(all);
      const ids = match.value.inNetworkIds;
      if (!ids.length) return { answer: "None of the matched factories is in our vetted network; ask me to email the expanded-network ones instead." };
      // "contact the second one": that one; "send it to the first three": the first of the in-network matches as the answer listed them.
      const position = parseOrdinal(t);
      const chosen = position !== undefined ? [position === -1 ? ids.at(-1)! : ids[position - 1]].filter((id): id is string => Boolean(id)) : ids.slice(0, Math.min(50, parseFirstN(t) ?? 50));
      if (!chosen.length) return { answer: `I matched ${ids.length} in-network factories; which should I contact? e.g. "send it to the first three".` };
      if (!pack) return techPackFromMatch(match, context, all);
      return call("send_messages_in_network", { techPackId: pack.id, companyIds: chosen });
    },
  },
];
