import { MARKETPLACE_INTENTS } from "./offline-marketplace";
import { INTENT_EXAMPLES } from "./offline-examples";
import { CATALOG_INTENTS } from "./offline-catalog";
import { ORDER_INTENTS } from "./offline-orders";
import { INBOX_INTENTS } from "./offline-inbox";
import { QUOTE_INTENTS } from "./offline-quotes";
import { INBOX_FILE_INTENTS } from "./offline-inbox-files";
import { MEETING_INTENTS } from "./offline-meetings";
import { INVENTORY_INTENTS } from "./offline-inventory";
import { ANALYTICS_INTENTS } from "./offline-analytics";
import { ANALYTICS_ACTION_INTENTS, RETURN_QUESTION_INTENTS } from "./offline-analytics-actions";
import { CREATION_INTENTS } from "./offline-creation";
import { SHIPPING_INTENTS } from "./offline-shipping";
import { FREIGHT_INTENTS } from "./offline-freight";
import { BRAND_KIT_INTENTS } from "./offline-brand-kits";
import { IDEATION_INTENTS } from "./offline-ideation";
import { ORDER_RULE_INTENTS } from "./offline-order-rules";
import { SPLIT_BY_STOCK_INTENTS } from "./offline-split-by-stock";
import { PACKAGING_INTENTS } from "./offline-packaging";
import { countryName, parseCountries, parseEmail, parseInteger, parseMoq, parseProduct, parseRole, parseUnitPrice } from "./offline-parse";
import { matchAnswer, matchArgs, SOURCING_INTENTS } from "./offline-sourcing";
import { STOREFRONT_INTENTS } from "./offline-storefront";
import { SOURCING_GOAL_INTENTS } from "./offline-sourcing-goal";
import { call, got, usd, type Got } from "./offline-steps";
import type { Intent, Outcome, Step } from "./offline-types";
import type { ToolResponse } from "@atelier/tools/tool-results";
import { enumWords, planName, roleName } from "@atelier/contracts/error-sentences";
import { RETURN_INTENTS } from "./offline-returns";
import { parseGoodsCount } from "./offline-slots";
import { STORE_SETTINGS_INTENTS } from "./offline-store-settings";
import { RECEIVING_INTENTS } from "./offline-receivings";
import { BOX_LABEL_INTENTS } from "./offline-box-labels";
import { WAREHOUSE_TICKET_INTENTS } from "./offline-warehouse-tickets";
import { MANUAL_ORDER_INTENTS } from "./offline-manual-orders";
import { PAYMENT_INTENTS } from "./offline-payments";
import { ORDER_EXPORT_INTENTS } from "./offline-order-exports";
import { BALANCE_INTENTS } from "./offline-balance";
import { SALES_CHANNEL_INTENTS } from "./offline-sales-channels";
import { PRODUCT_FEED_INTENTS } from "./offline-product-feeds";
import { SUPPLIER_SCORECARD_INTENTS } from "./offline-supplier-scorecards";
import { SUPPLIER_COMPARISON_INTENTS } from "./offline-supplier-scorecards";
import { KITTING_INTENTS } from "./offline-kitting";
import { PRESALE_INTENTS } from "./offline-presale";

export type { Intent, IntentContext, Outcome, PlannedCall, Step } from "./offline-types";

/** Why a charge did not go through, in words. */
const declined = (result: string): string => (result === "INSTRUMENT_DECLINED" ? "the card was declined" : enumWords(result));

function planAnswer(plan: ToolResponse<"get_plan">): string {
  const lines = [`You're on the **${plan.name}** plan, ${plan.priceCents ? `${usd(plan.priceCents)} a month` : "free"}.`];
  if (plan.subscriptionStatus) lines.push(`Subscription: ${enumWords(plan.subscriptionStatus)}${plan.isBlueprintPaused ? ", paused" : ""}.`);
  lines.push(plan.upgradeTarget ? `You can upgrade to ${plan.upgradeTarget.name} for ${usd(plan.upgradeTarget.priceCents)} a month — say "upgrade my plan".` : "It's the top plan: there is nothing to upgrade to.");
  if (plan.openInvoice) lines.push(`There is an unpaid invoice of ${usd(plan.openInvoice.amountCents)} waiting for a retry.`);
  lines.push(`AI credit balance: ${plan.aiCredits?.balance ?? 0}.`);
  return lines.join("\n");
}

function feesAnswer(text: string, s: ToolResponse<"get_business_settings">): string {
  const f = s.fees;
  const topics: [RegExp, string][] = [
    [/fulfil|ship|order|pick|pack/i, `Fulfilment costs ${usd(f.fulfillmentPerOrderCents)} per order (${usd(f.fulfillmentPerOrderProfessionalCents)} on the Professional plan).`],
    [/stor(age|e inventory)|warehouse|bin/i, `Storage is ${usd(f.storagePerBinPerSkuCents)} per bin per SKU, secured for ${f.storageSecuredMonths} months.`],
    [/payment processing|card fee|transaction|checkout|storefront/i, `Storefront payment processing is ${f.storefrontPaymentProcessingPercent}% per payment.`],
    [/channel|marketplace|listing/i, `Sales channels: listing fee ${usd(f.salesChannelListingFeeCents)}, and a ${f.salesChannelProductFeePercent}% product fee.`],
    [/sms|text|mms/i, `SMS costs ${usd(f.smsPerTextCents)} per text and ${usd(f.mmsPerMessageCents)} per MMS, with ${f.smsTextsPerMonth} texts a month included.`],
    [/visitor|identif/i, `Visitor identification starts at ${usd(f.visitorIdFromPerEmailCents)} per identified email.`],
    [/credit/i, `AI credits come in tiers: Beginner ${s.aiCreditTiers.beginner.tiers.join(", ")}; Professional ${s.aiCreditTiers.professional.tiers.join(", ")}.`],
    [/plan|tier|subscription|team|seat/i, `Plans: ${s.plans.map((p) => `${p.name}${p.teamSeats ? ` (${p.teamSeats} team seats)` : ""}`).join(", ")}.`],
  ];
  const hits = topics.filter(([re]) => re.test(text)).map(([, line]) => line);
  if (hits.length) return hits.join("\n");
  return ["Here are Atelier's published fees:", ...topics.slice(0, 6).map(([, line]) => `- ${line}`)].join("\n");
}

/** A help-centre question: the best article's first paragraphs and the next titles. */
function helpCentreStep(t: string, done: Outcome[]): Step {
  const found = got(done, "search_help_centre");
  if (!found) return call("search_help_centre", { q: t.trim().slice(0, 500) });
  const [top, ...more] = found.value.list;
  if (!top) return { answer: "I couldn't find that in the help centre. Please contact Atelier support and a person will help." };
  const body = top.body.split(/\n\n/).slice(0, 2).join("\n\n");
  const related = more.slice(0, 2).map((a) => a.title).join("; ");
  return { answer: `**${top.title}**\n\n${body}${related ? `\n\nRelated: ${related}` : ""}` };
}

function creditsBoughtAnswer(r: ToolResponse<"purchase_ai_credits">): string {
  return r.result !== "COMPLETED" ? `The payment did not go through (${declined(r.result)}); no credits were added.` : `Credits added. New balance: ${r.balance}.`;
}

function promotionAnswer(r: ToolResponse<"check_promotion_code">): string {
  return `${r.code} is valid: ${r.percentOff}% off ${r.appliesTo.toLowerCase() || "eligible purchases"}.`;
}

function statesAnswer(r: ToolResponse<"list_states_of_country">): string {
  const country = countryName(r.countryCode);
  return r.list.length ? `${country} has ${r.list.length}: ${r.list.map((s) => `${s.name} (${s.code})`).join(", ")}.` : `I have no state list for ${country}; addresses there need no state code.`;
}

function matchByEmail(list: Got<"list_team_members">, email: string) {
  return list.value.list.find((m) => m.email.toLowerCase() === email);
}

/** Requests the copilot and the other agents understand, most specific first. */
const DECLARED: Intent[] = [
  ...STOREFRONT_INTENTS,
  // Before the tickets', returns' and inbox's: "ask the supplier about the returns of X" is the return-rate report's action.
  ...RETURN_QUESTION_INTENTS,
  // Before creation's: "create an order for Ada ada@example.com" is an order, not a design.
  ...MANUAL_ORDER_INTENTS,
  // Before the receivings': "box labels for RCV-1003" is the labels, not the receiving.
  ...BOX_LABEL_INTENTS,
  // Before the inventory's: "split orders when something is out of stock" is a rule, not a stock question.
  ...SPLIT_BY_STOCK_INTENTS,
  ...RECEIVING_INTENTS,
  // Before creation's and the inbox's: "what did the supplier mark on the sample photo" is a pin, not a design or a recap.
  ...INBOX_FILE_INTENTS,
  ...WAREHOUSE_TICKET_INTENTS,
  ...ORDER_EXPORT_INTENTS,
  ...BALANCE_INTENTS,
  ...PAYMENT_INTENTS,
  // Before the channels': "connect my catalog to instagram" is the product feed, not the list of channels.
  ...PRODUCT_FEED_INTENTS,
  ...SALES_CHANNEL_INTENTS,
  // Before the catalog's: "how reliable is the second one" is a scorecard, not the supplier's profile.
  ...SUPPLIER_SCORECARD_INTENTS,
  ...SUPPLIER_COMPARISON_INTENTS,
  ...KITTING_INTENTS,
  ...PRESALE_INTENTS,
  // Before the catalog's: "start a custom project from it" after a design means the design.
  ...CREATION_INTENTS,
  ...CATALOG_INTENTS.filter((i) => i.name !== "search-products"),
  ...RETURN_INTENTS,
  ...ORDER_INTENTS,
  ...MEETING_INTENTS,
  ...INBOX_INTENTS,
  ...QUOTE_INTENTS,
  ...INVENTORY_INTENTS,
  // Before the reports': "save the churn-risk customers as a list" is a list, not the report.
  ...ANALYTICS_ACTION_INTENTS,
  ...ANALYTICS_INTENTS,
  // Before shipping's: "how much to ship 20 cartons from Shenzhen" is freight, "book the cheapest" after a freight quote books it.
  ...FREIGHT_INTENTS,
  ...SHIPPING_INTENTS,
  ...BRAND_KIT_INTENTS,
  ...IDEATION_INTENTS,
  ...ORDER_RULE_INTENTS,
  ...PACKAGING_INTENTS,
  ...SOURCING_INTENTS,
  ...SOURCING_GOAL_INTENTS,
  ...STORE_SETTINGS_INTENTS,
  {
    name: "invite-team-member",
    tools: ["invite_team_member"],
    match: (t) => /\b(invite|add)\b/i.test(t) && Boolean(parseEmail(t)),
    step: (t, done) => {
      const invite = got(done, "invite_team_member");
      if (!invite) return call("invite_team_member", { email: parseEmail(t), role: parseRole(t) ?? "CX" });
      const note = parseRole(t) ? "" : " (you didn't say a role, so I used CX, the support role — ask me to change it to ADMIN if needed)";
      return { answer: `Invitation sent to ${invite.value.email} as ${invite.value.role}${note}. It stays pending until they accept from the email.` };
    },
  },
  {
    name: "remove-team-member",
    tools: ["list_team_members", "remove_team_member"],
    match: (t) => /\b(remove|revoke|cancel|kick|delete)\b/i.test(t) && Boolean(parseEmail(t)),
    step: (t, done) => {
      const email = parseEmail(t) as string;
      const list = got(done, "list_team_members");
      if (!list) return call("list_team_members", { size: 100 });
      const removed = got(done, "remove_team_member");
      if (removed) return { answer: `${email} is removed: the invite is ${removed.value.status.toLowerCase()} and the seat is free.` };
      const member = matchByEmail(list, email);
      return member ? call("remove_team_member", { id: member.id }) : { answer: `${email} isn't on your team (no pending or accepted invite), so there is nothing to remove.` };
    },
  },
  {
    name: "change-team-role",
    tools: ["list_team_members", "change_team_member_role"],
    match: (t) => /\b(make|change|set|promote|demote|switch)\b/i.test(t) && Boolean(parseEmail(t)) && Boolean(parseRole(t)),
    step: (t, done) => {
      const email = parseEmail(t) as string;
      const list = got(done, "list_team_members");
      if (!list) return call("list_team_members", { size: 100 });
      const changed = got(done, "change_team_member_role");
      if (changed) return { answer: `${email} now has the ${changed.value.role} role.` };
      const member = matchByEmail(list, email);
      return member ? call("change_team_member_role", { id: member.id, role: parseRole(t) }) : { answer: `${email} isn't on your team yet — say "invite ${email} as ${parseRole(t)}" to add them.` };
    },
  },
  {
    name: "list-team",
    tools: ["list_team_members"],
    match: (t) => /\b(team|members?|colleagues|seats?|who (has|is on|can) )/i.test(t),
    step: (_t, done) => {
      const list = got(done, "list_team_members");
      if (!list) return call("list_team_members", {});
      const r = list.value;
      const seats = `Your plan includes ${r.seats.included} additional team account${r.seats.included === 1 ? "" : "s"}; ${r.seats.used} in use.`;
      if (!r.list.length) return { answer: `Nobody else is on your team yet. ${seats}` };
      const rows = r.list.map((m) => `- ${m.email} — ${m.role}, ${m.status.toLowerCase()}`);
      return { answer: [`Your team (${r.total}):`, ...rows, seats].join("\n") };
    },
  },
  {
    name: "help-centre",
    tools: ["search_help_centre"],
    roles: ["storefront-chat"],
    match: (t) => t.trim().length >= 2,
    step: helpCentreStep,
  },
  {
    name: "my-suppliers",
    tools: ["list_my_suppliers"],
    match: (t) => /\bmy (suppliers|factories|vendors)\b/i.test(t),
    step: (_t, done) => {
      const r = got(done, "list_my_suppliers");
      if (!r) return call("list_my_suppliers", {});
      const list = r.value.list;
      if (!list.length) return { answer: "You haven't invited, contacted or bought from any supplier yet. Ask me to find suppliers for a product." };
      return { answer: [`Your suppliers (${r.value.total}):`, ...list.map((s) => `- ${s.name}${s.countryCode ? ` (${s.countryCode})` : ""}: ${s.relations.join(", ").toLowerCase()}`)].join("\n") };
    },
  },
  {
    name: "analyze-supplier",
    tools: ["analyze_supplier_info"],
    match: (t) => /https?:\/\/\S+/i.test(t),
    step: (t, done) => {
      const r = got(done, "analyze_supplier_info");
      if (!r) return call("analyze_supplier_info", { supplierUrl: t.match(/https?:\/\/[^\s)]+/i)?.[0] });
      const s = r.value;
      return {
        answer: [`**${s.name}** (${s.website})`, s.capabilities.length ? `Makes: ${s.capabilities.join(", ")}` : "", s.moq ? `MOQ: ${s.moq}` : "", s.countryName ? `Based in ${s.countryName}` : "", s.emails.length ? `Contact: ${s.emails.join(", ")}` : "", s.knownSupplierId ? "This supplier is already in our network." : "Say \"invite this supplier\" with their email and phone to add them."].filter(Boolean).join("\n"),
      };
    },
  },
  {
    name: "tech-packs",
    tools: ["list_tech_packs"],
    match: (t) => /\btech ?packs?\b/i.test(t) && /\b(show|list|my|history|versions?)\b/i.test(t),
    step: (_t, done) => {
      const r = got(done, "list_tech_packs");
      if (!r) return call("list_tech_packs", {});
      const list = r.value.list;
      return { answer: list.length ? ["Your tech packs:", ...list.map((p) => `- ${p.productName} (v${p.version}, ${p.totalQuantity} units) — ${p.id}`)].join("\n") : "You have no tech pack yet. Describe your product and I'll write one." };
    },
  },
  ...MARKETPLACE_INTENTS,
  ...CATALOG_INTENTS.filter((i) => i.name === "search-products"),
  {
    name: "find-suppliers",
    tools: ["match_factories"],
    match: (t) => /\b(suppliers?|factor(y|ies)|manufacturers?|makers?|vendors?|produce|source|sourcing)\b/i.test(t),
    step: (t, done) => {
      const m = got(done, "match_factories");
      if (m) return { answer: matchAnswer(m.value) };
      const args = matchArgs(t);
      return args ? call("match_factories", args) : { answer: "What should the factories make? e.g. \"find suppliers for organic cotton tees under MOQ 500\"." };
    },
  },
  {
    name: "upgrade-plan",
    tools: ["get_plan", "get_upgrade_quote", "upgrade_plan"],
    match: (t) => /\bupgrade\b/i.test(t),
    step: (_t, done) => {
      const plan = got(done, "get_plan");
      if (!plan) return call("get_plan");
      const target = plan.value.upgradeTarget;
      if (!target) return { answer: `You're already on ${plan.value.name}, the top plan.` };
      // The quote first: the approval card then names the amount, and the upgrade charges exactly it.
      const quote = got(done, "get_upgrade_quote");
      if (!quote) return call("get_upgrade_quote", { targetPlan: target.planType });
      const upgraded = got(done, "upgrade_plan");
      if (upgraded) {
        const r = upgraded.value;
        const charged = usd(quote.value.amountCents);
        return { answer: r.result === "INSTRUMENT_DECLINED" ? "The card was declined, so your plan is unchanged; the invoice stays open — add or pick another card and ask me to retry." : `Done: you're now on ${target.name}. ${charged} was charged (${quote.value.explanation}).` };
      }
      return call("upgrade_plan", { targetPlan: target.planType, expectedAmountCents: quote.value.amountCents });
    },
  },
  {
    name: "pause-plan",
    tools: ["pause_plan"],
    match: (t) => /\bpause\b/i.test(t),
    step: (_t, done) => (got(done, "pause_plan") ? { answer: "Your plan is paused; open invoices stay as drafts until you resume. Say \"resume my plan\" when you're ready." } : call("pause_plan", { behavior: "keep_as_draft" })),
  },
  {
    name: "resume-plan",
    tools: ["resume_plan"],
    match: (t) => /\b(resume|unpause|reactivate)\b/i.test(t),
    step: (_t, done) => (got(done, "resume_plan") ? { answer: "Your plan is active again." } : call("resume_plan")),
  },
  {
    name: "cancel-plan",
    tools: ["cancel_plan"],
    match: (t) => /\bcancel\b/i.test(t) && /\b(plan|subscription|account)\b/i.test(t),
    step: () => ({
      answer: "Cancelling needs the cancellation survey: why you're leaving, how likely you are to recommend us, whether you'd like a call first, why you didn't order samples, and whether you'd take 40% off for 3 months instead. Open Manage plan → Cancel, or give me each answer and I'll submit it for your approval.",
    }),
  },
  {
    name: "buy-ai-credits",
    tools: ["purchase_ai_credits"],
    match: (t) => /\b(buy|purchase|top ?up|get more|add)\b/i.test(t) && /\bcredits?\b/i.test(t),
    step: (t, done) => {
      const bought = got(done, "purchase_ai_credits");
      if (bought) return { answer: creditsBoughtAnswer(bought.value) };
      const credits = parseInteger(t);
      return call("purchase_ai_credits", credits ? { credits } : {});
    },
  },
  {
    name: "ai-credits",
    tools: ["get_ai_credits"],
    match: (t) => /\bcredits?\b/i.test(t),
    step: (_t, done) => {
      const c = got(done, "get_ai_credits");
      return c ? { answer: `You have ${c.value.balance} AI credits. Your ${c.value.bundle.toLowerCase()} bundle sells ${c.value.tiers.map((x) => `${x.credits} (${usd(x.priceCents)})`).join(", ")}.` } : call("get_ai_credits");
    },
  },
  {
    name: "retry-invoice",
    tools: ["list_invoices", "retry_invoice_payment"],
    match: (t) => /\b(retry|pay)\b/i.test(t) && /\binvoice\b/i.test(t),
    step: (_t, done) => {
      const list = got(done, "list_invoices");
      if (!list) return call("list_invoices", {});
      const retried = got(done, "retry_invoice_payment");
      if (retried) return { answer: retried.value.result === "COMPLETED" ? "The invoice is paid." : `The charge did not go through: ${declined(retried.value.result)}.` };
      const open = list.value.list.find((i) => /open|unpaid|past_due/i.test(i.status));
      return open ? call("retry_invoice_payment", { id: open.id }) : { answer: "You have no open invoice to pay." };
    },
  },
  {
    name: "invoices",
    tools: ["list_invoices"],
    match: (t) => /\b(invoices?|billing history|receipts?)\b/i.test(t),
    step: (_t, done) => {
      const list = got(done, "list_invoices");
      if (!list) return call("list_invoices", {});
      const items = list.value.list;
      if (!items.length) return { answer: "You have no invoices yet." };
      return { answer: ["Your latest invoices:", ...items.slice(0, 10).map((i) => `- ${String(i.createdAt).slice(0, 10)}: ${usd(i.amountCents)}, ${i.status.toLowerCase()}`)].join("\n") };
    },
  },
  {
    name: "payment-methods",
    tools: ["list_payment_methods"],
    match: (t) => /\b(cards?|payment methods?)\b/i.test(t),
    step: (_t, done) => {
      const list = got(done, "list_payment_methods");
      if (!list) return call("list_payment_methods", {});
      const cards = list.value.list;
      if (!cards.length) return { answer: "You have no saved card. Add one under Account → Billing (card numbers never go through the assistant)." };
      return { answer: ["Saved cards:", ...cards.map((c) => `- ${c.brand ?? "card"} ending ${c.last4}${c.id === list.value.defaultPaymentMethodId ? " (default)" : ""}`)].join("\n") };
    },
  },
  {
    name: "promotion-code",
    tools: ["check_promotion_code"],
    match: (t) => /\b(promo|promotion|discount|coupon) code\b/i.test(t) || /\b(PRODUCTS10|DESIGN50)\b/i.test(t),
    step: (t, done) => {
      const checked = got(done, "check_promotion_code");
      if (checked) return { answer: promotionAnswer(checked.value) };
      const code = t.match(/\b(?:code)\s+([A-Za-z0-9_-]{2,40})/i)?.[1] ?? t.match(/\b(PRODUCTS10|DESIGN50)\b/i)?.[1];
      return code ? call("check_promotion_code", { code: code.toUpperCase() }) : { answer: "Which code? Type it like \"check promo code PRODUCTS10\"." };
    },
  },
  {
    name: "tariff",
    tools: ["get_country_tariff"],
    match: (t) => /\b(tariffs?|dut(y|ies)|landed cost|import tax|customs)\b/i.test(t),
    step: (t, done) => {
      const tariff = got(done, "get_country_tariff");
      if (tariff) return { answer: tariffAnswer(tariff) };
      const { origin, destination } = parseCountries(t);
      const product = parseProduct(t);
      if (!product) return { answer: "Which product? For example: \"what is the tariff on ceramic mugs from China\"." };
      if (!origin) return { answer: `Where are the ${product} made? Tell me the origin country, e.g. "${product} from Vietnam".` };
      const args: Record<string, unknown> = { product, originCountry: origin, destinationCountry: destination ?? "US" };
      const price = parseUnitPrice(t);
      const moq = parseMoq(t) ?? parseGoodsCount(t);
      if (price !== undefined) args.perUnitPrice = price;
      if (moq !== undefined) args.quantity = moq;
      return call("get_country_tariff", args);
    },
  },
  {
    name: "plan",
    tools: ["get_plan"],
    match: (t) => /\b(plan|subscription|tier|what am i paying|billing)\b/i.test(t),
    step: (_t, done) => {
      const plan = got(done, "get_plan");
      return plan ? { answer: planAnswer(plan.value) } : call("get_plan");
    },
  },
  {
    name: "fees",
    tools: ["get_business_settings"],
    // A storefront visitor's fee questions are answered by the help centre's articles.
    roles: ["copilot", "sourcing-agent", "tariff-rate-agent", "packaging-agent"],
    match: (t) => /\b(fees?|costs?|price|pricing|how much|charges?|rates?|expensive|cheap)\b/i.test(t),
    step: (t, done) => {
      const s = got(done, "get_business_settings");
      return s ? { answer: feesAnswer(t, s.value) } : call("get_business_settings");
    },
  },
  {
    name: "states",
    tools: ["list_states_of_country"],
    match: (t) => /\b(states|provinces|regions) (of|in)\b/i.test(t),
    step: (t, done) => {
      const r = got(done, "list_states_of_country");
      if (r) return { answer: statesAnswer(r.value) };
      const code = parseCountries(t.replace(/\b(of|in)\b/i, "from")).origin;
      return code ? call("list_states_of_country", { countryCode: code }) : { answer: "Which country? e.g. \"states of Canada\"." };
    },
  },
  {
    name: "store",
    tools: ["get_my_store"],
    match: (t) => /\b(my (store|shop|account)|store (name|details|info)|who am i|my role)\b/i.test(t),
    step: (_t, done) => {
      const s = got(done, "get_my_store");
      if (!s) return call("get_my_store");
      const r = s.value;
      return { answer: `Your store is **${r.title}**, on the ${planName(r.planType)} plan${r.isPreviewAccount ? " (preview account: actions are read-only)" : ""}. You're signed in as ${r.user.email} with the ${roleName(r.role)} role.` };
    },
  },
];

/** How-to questions to the store owner's assistants; last, so every tool's own intent comes first. */
const HOW_TO: Intent = {
  name: "help-articles",
  tools: ["search_help_centre"],
  roles: ["copilot", "sourcing-agent", "packaging-agent", "tariff-rate-agent"],
  // No examples: the classifier would send any unknown request here; only its words select it.
  examples: [],
  // "where can I get baby onesies made" asks who makes them (offline-model.ts, PRODUCT_FRAMES).
  match: (t) => /^\s*(how (do|does|can|long|should)|what (is|are|does)|can i|where (do|can|is)|is there|do you (offer|support)|talk to|contact)\b/i.test(t) && !/^\s*where (can|could|do) (i|we) (get|have) .+ (made|produced|manufactured|printed|sewn)\b/i.test(t),
  step: helpCentreStep,
};

/** Every intent with its examples: its own, else the shared table's (offline-examples.ts). */
export const INTENTS: Intent[] = [...DECLARED, HOW_TO].map((i) => (i.examples ? i : { ...i, examples: INTENT_EXAMPLES[i.name] ?? [] }));

/**
 * A per-unit amount: cents, or up to four decimals when the fraction of a cent matters (a $1.6236
 * landed cost is $18 more over 5,000 units than "$1.62" says).
 */
function unitUsd(value: number | string): string {
  const n = Number(value);
  return `$${n.toFixed(4).replace(/0{1,2}$/, "")}`;
}

function tariffAnswer(o: Got<"get_country_tariff">): string {
  const r = o.value;
  const lines = [`Tariff for ${r.product ?? o.args.product} from ${r.originCountry?.name ?? countryName(String(o.args.originCountry))} into ${r.destinationCountry?.name ?? countryName(String(o.args.destinationCountry))}:`];
  // "valued not over $20 each" is customs wording: a merchant reads "at $20 or less".
  const description = r.description?.replace(/\bvalued not over \$(\d+(?:\.\d+)?)/gi, "valued at $$$1 or less");
  if (r.htsCode) lines.push(`- HTS code ${r.htsCode}${description ? ` (${description})` : ""}`);
  if (r.generalRatePercent !== undefined) lines.push(`- General duty ${r.generalRatePercent}%`);
  for (const d of r.additionalDuties ?? []) lines.push(`- Additional duty ${d.ratePercent}% (${d.program})`);
  if (r.totalRatePercent !== undefined) lines.push(`- Total ${r.totalRatePercent}%`);
  // No figure without a price: a duty of "$0.00" on an unknown price would read as no duty.
  if (r.dutyPerUnit != null && r.landedCostPerUnit != null) {
    lines.push(`- Duty per unit ${unitUsd(r.dutyPerUnit)}`);
    // The API's basis names its query keys ("pass freightPerUnit…"): the user reads a sentence instead.
    if (r.freightPerUnit != null) lines.push(`- Freight about $${Number(r.freightPerUnit).toFixed(2)} per unit${o.args.freightPerUnit === undefined ? " (estimated from the product's weight; tell me your freight quote to use it instead)" : " (your quote)"}`);
    lines.push(`- Landed cost per unit ${unitUsd(r.landedCostPerUnit)} (price + duty + freight)`);
  } else {
    lines.push("- Tell me the unit price (e.g. \"at $4 each\") and I'll work out the duty and landed cost per unit.");
  }
  if (r.totalLandedCost != null && Number(r.quantity) > 1) lines.push(`- For ${r.quantity} units: duty $${Number(r.totalDuty).toFixed(2)}, landed cost $${Number(r.totalLandedCost).toFixed(2)}`);
  lines.push(`Rates as of ${r.asOf ?? "the dataset's date"} (source: ${r.source ?? "the tariff dataset"}). Check with a customs broker before you commit.`);
  return lines.join("\n");
}
