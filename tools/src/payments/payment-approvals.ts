import { PLAN_NAMES, PLAN_TYPES, TEAM_SEATS, payments, plans, purchasing, team, type PlanType } from "@atelier/contracts";
import type { ApprovalLookup } from "../tool-spec";

// What the user approves before money moves, in words: the amount and the card (brand and last
// four), never an id; and the checks that stop an approval that could not succeed (no card on file).

type Args = Record<string, unknown>;
const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const BRANDS: Record<string, string> = { visa: "Visa", mastercard: "Mastercard", amex: "American Express", discover: "Discover" };

/** "your Visa ending 4242": the card that would be charged (the given one, or the default). */
export async function cardWords(paymentMethodId: unknown, lookup: ApprovalLookup): Promise<string> {
  const cards = await lookup(payments.listPaymentMethods, { query: { type: "card", limit: 10 } });
  const card = cards?.list.find((c) => (typeof paymentMethodId === "string" ? c.id === paymentMethodId : c.isDefault)) ?? (typeof paymentMethodId === "string" ? undefined : cards?.list[0]);
  if (!card) return typeof paymentMethodId === "string" ? "the chosen saved card" : "your default card";
  const brand = BRANDS[card.brand] ?? "card";
  return typeof paymentMethodId === "string" ? `your ${brand} ending ${card.last4}` : `your default card (${brand} ending ${card.last4})`;
}

/** The check before a charge: a card must be on file (and the chosen one saved on this store). */
export async function cardOnFile(a: Args, lookup: ApprovalLookup): Promise<string | undefined> {
  const cards = await lookup(payments.listPaymentMethods, { query: { type: "card", limit: 10 } });
  if (!cards) return undefined;
  if (!cards.list.length) return "There is no card on file, so nothing can be charged. Add a card in your billing settings, then ask me again.";
  if (typeof a.paymentMethodId === "string" && !cards.list.some((c) => c.id === a.paymentMethodId)) return "That card isn't saved on this store. Pick one of your saved cards, or leave it out to use the default card.";
  return undefined;
}

export async function retryInvoiceSummary(a: Args, lookup: ApprovalLookup): Promise<string> {
  const [invoice, card] = await Promise.all([lookup(payments.getCardPaymentInvoice, { params: { id: String(a.id) } }), cardWords(a.paymentMethodId, lookup)]);
  const what = invoice ? `${usd(invoice.amountCents)} for the ${PLAN_NAMES[invoice.planType as PlanType] ?? "plan"} invoice (${invoice.description})` : "the open invoice";
  return `Charge ${what} to ${card}`;
}

export async function paySourcingInvoiceSummary(a: Args, lookup: ApprovalLookup): Promise<string> {
  const [invoice, card] = await Promise.all([lookup(purchasing.getCreatorInvoice, { params: { id: String(a.invoiceId) } }), cardWords(a.paymentMethodId, lookup)]);
  const amount = invoice ? `${usd(invoice.totalCents)}${invoice.discountCents ? ` (after ${usd(invoice.discountCents)} off)` : ""}` : "the cart's total";
  return `Pay ${amount} for your sourcing cart with ${card}${a.promotionCode ? `, with code ${String(a.promotionCode)}` : ""}. ${purchasing.REFUND_POLICY}`;
}

export async function buyCreditsSummary(a: Args, lookup: ApprovalLookup): Promise<string> {
  const [credits, card] = await Promise.all([lookup(plans.getAiCredits, {}), cardWords(a.paymentMethodId, lookup)]);
  const tier = credits?.tiers.find((t) => (typeof a.credits === "number" ? t.credits === a.credits : true));
  const what = tier ? `${tier.credits} AI credits for ${usd(tier.priceCents)}` : `${a.credits ? `${String(a.credits)} ` : ""}AI credits`;
  return `Buy ${what} and charge ${card}`;
}

export async function removeCardSummary(a: Args, lookup: ApprovalLookup): Promise<string> {
  return `Remove ${(await cardWords(String(a.id), lookup)).replace(/^your /, "your saved ")} from this store`;
}

export async function subscriptionWords(id: unknown, lookup: ApprovalLookup): Promise<string> {
  const sub = await lookup(payments.getCardPaymentSubscription, { params: { id: String(id) } });
  return sub ? `your ${PLAN_NAMES[sub.planType as PlanType] ?? "plan"} subscription` : "the subscription";
}

/** The check before an invite: the plan must have a free team seat. */
export async function freeSeat(a: Args, lookup: ApprovalLookup): Promise<string | undefined> {
  const teamPage = await lookup(team.listTeamMemberInvites, { query: { page: 0, size: 1 } });
  if (!teamPage) return undefined;
  const { included, used } = teamPage.seats;
  const who = typeof a.email === "string" ? a.email : "Nobody";
  const withSeats = PLAN_TYPES.find((p) => TEAM_SEATS[p] > included);
  const upgrade = withSeats ? `the ${PLAN_NAMES[withSeats]} plan includes ${TEAM_SEATS[withSeats]}` : "upgrading the plan adds seats";
  if (included === 0) return `${who} can't be invited yet: your plan includes no team seats; ${upgrade}.`;
  if (used >= included) return `${who} can't be invited yet: all ${included} team seat${included === 1 ? " is" : "s are"} taken. Remove someone or upgrade the plan for more seats, then invite again.`;
  return undefined;
}

export async function inviteWords(id: unknown, lookup: ApprovalLookup): Promise<string> {
  const invite = await lookup(team.getTeamMemberInvite, { params: { id: String(id) } });
  return invite ? `${invite.email} (${invite.status === "ACCEPTED" ? "a member" : "a pending invite"})` : "this team member";
}
