import { inbox } from "@atelier/contracts";
import type { Quote } from "@atelier/contracts/inbox/contracts";
import { defineTool, type ApprovalLookup } from "../tool-spec";
import { bodyOf } from "../tool-from-contract";

// Quotes suppliers sent in the inbox. Reading and comparing are free; accepting commits the store
// to the supplier's terms and countering answers the supplier, so both wait for the user's approval,
// which names the supplier, the unit price, the quantity and the total.

const idArg = "The quote's id, from list_quotes or compare_quotes";
const usd = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const units = (n: number) => `${n.toLocaleString("en-US")} unit${n === 1 ? "" : "s"}`;

async function quoteOf(lookup: ApprovalLookup, args: Record<string, unknown>): Promise<Quote | undefined> {
  const id = (args.params as { id?: unknown } | undefined)?.id ?? args.id;
  return typeof id === "string" ? lookup(inbox.getQuote, { params: { id } }) : undefined;
}

export const quoteTools = [
  defineTool({
    contract: inbox.listQuotes,
    name: "list_quotes",
    description:
      "List the quotes suppliers sent the store, newest first, each with its supplier, unit price, quantity, MOQ, lead time, sample price, valid-until date, status (PROPOSED, COUNTERED, ACCEPTED, DECLINED, EXPIRED) and who must answer (awaitingSide STORE means the store). Filter by projectId (one custom project), sid (one conversation) or status. Use it for 'any quotes?', 'what did Jiale quote?' and to find a quote's id before accepting or countering.",
    argDescriptions: { page: "Page number, starting at 0", size: "Quotes per page, 1-100" },
  }),
  defineTool({
    contract: inbox.getQuote,
    name: "get_quote",
    description: "One quote with its audit trail: who proposed, countered, accepted or declined which terms, and when.",
    argDescriptions: { id: idArg },
  }),
  defineTool({
    contract: inbox.compareQuotes,
    name: "compare_quotes",
    description:
      "Compare the quotes received for one custom project (tech pack request) as a table: per supplier the unit price, MOQ, lead time, sample price, duty and freight per unit and the landed cost per unit (unit price + duty from the tariff data + a freight estimate), cheapest landed first, with the cheapest open quote's id. Offer it once two or more quotes arrived for a project.",
    argDescriptions: { projectId: "The custom project's id, from list_creator_projects or the screen" },
  }),
  defineTool({
    contract: inbox.compareQuotesByProject,
    name: "compare_quotes_by_project",
    description:
      "Compare all the quotes the store received, grouped by the custom project (tech pack) they answer: one table per project with each supplier's unit price, MOQ, lead time, duty and freight per unit and landed cost per unit, cheapest landed first, the project with the latest quote first. Use it for 'compare my quotes for each tech pack' or when the user asks to compare quotes without naming one project; search narrows to projects whose quotes' titles contain the words.",
    argDescriptions: { page: "Page of projects, starting at 0", size: "Projects per page, 1-20 (5 by default)" },
  }),
  defineTool({
    contract: inbox.acceptQuote,
    name: "accept_quote",
    description:
      "Accept a supplier's standing quote as the store (only when its awaitingSide is STORE): the quote is settled and its terms and landed cost are written into the custom project. This commits the store to the supplier's terms, so the user approves the supplier, unit price, quantity and total first.",
    argDescriptions: { id: idArg },
    approval: {
      async summary(a, lookup) {
        const q = await quoteOf(lookup, a);
        if (!q) return "Accept this quote";
        return `Accept ${q.supplierName}'s quote for “${q.title}”: ${units(q.quantity)} at ${usd(q.unitPriceCents)} each, ${usd(q.totalCents)} in all, ready in ${q.leadTimeDays} days`;
      },
    },
  }),
  defineTool({
    contract: inbox.counterQuote,
    name: "counter_quote",
    description:
      "Answer a supplier's standing quote with the store's own terms (only the terms given change; unit price in cents, e.g. 380 for $3.80), with a short note. The supplier then accepts, counters or declines. This contacts the supplier, so the user approves the supplier, the new unit price, quantity and total first.",
    argDescriptions: { id: idArg },
    approval: {
      async summary(a, lookup) {
        const q = await quoteOf(lookup, a);
        const b = bodyOf(inbox.counterQuote, a);
        const price = b?.unitPriceCents ?? q?.unitPriceCents;
        const quantity = b?.quantity ?? q?.quantity;
        if (!q || price === undefined || quantity === undefined) return "Send this counter-offer";
        const note = b?.note?.trim() ? ` with the note “${b.note.trim()}”` : "";
        return `Counter ${q.supplierName}'s quote for “${q.title}”: ${units(quantity)} at ${usd(price)} each, ${usd(price * quantity)} in all${note}`;
      },
    },
  }),
  defineTool({
    contract: inbox.declineQuote,
    name: "decline_quote",
    description: "Decline a supplier's standing quote, optionally saying why. This answers the supplier, so the user approves it first.",
    argDescriptions: { id: idArg },
    approval: {
      async summary(a, lookup) {
        const q = await quoteOf(lookup, a);
        return q ? `Decline ${q.supplierName}'s quote for “${q.title}” (${units(q.quantity)} at ${usd(q.unitPriceCents)} each)` : "Decline this quote";
      },
    },
  }),
];
