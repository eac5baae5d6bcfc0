import { analytics } from "@atelier/contracts";
import { defineTool, type ApprovalLookup } from "../tool-spec";

// From the return-rate report, one action (issue 20): ask about a product's returns. The draft is a
// read (the figures and who would receive it); sending contacts a supplier or the fulfilment center,
// so it waits for the user's approval, whose sentence names the recipient, the product and the figures.

const product = "The product as the return-rate report names it (its row key, like 'Organic Cotton Tee'); 'this product' is the one on screen";
const range = {
  from: "First day, YYYY-MM-DD, in the store's time zone",
  to: "The day after the last day, YYYY-MM-DD",
  asOf: "Optional: the moment the figures are read as of (ISO date-time)",
};

type Args = Record<string, unknown>;
const draftOf = (a: Args, lookup: ApprovalLookup) =>
  lookup(analytics.draftReturnQuestion, { query: { product: String(a.product), from: String(a.from), to: String(a.to), ...(typeof a.asOf === "string" && { asOf: a.asOf }) } });

export const returnQuestionTools = [
  defineTool({
    contract: analytics.draftReturnQuestion,
    name: "draft_return_question",
    description:
      "Prepare a question about one product's returns: the product's figures from the return-rate report and who would receive it (the supplier its stock came from, else the fulfilment center as a warehouse ticket), with a ready message. Sends nothing; show the user the recipient and the message.",
    argDescriptions: { product, ...range },
  }),
  defineTool({
    contract: analytics.askAboutReturns,
    name: "ask_about_returns",
    description:
      "Send the question about a product's returns to the recipient draft_return_question named (recipient SUPPLIER or WAREHOUSE, as the draft said), with its message or the user's edit of it. This contacts the supplier or the fulfilment center, so the user approves the recipient and the text first.",
    argDescriptions: { product, ...range, recipient: "SUPPLIER or WAREHOUSE, exactly as the draft's recipient.kind", message: "The message to send, written as the user would send it" },
    approval: {
      async summary(a, lookup) {
        const draft = await draftOf(a, lookup);
        const who = draft ? (draft.recipient.kind === "SUPPLIER" ? draft.recipient.name : "the fulfilment center, as a warehouse ticket") : "the recipient";
        const figures = draft
          ? ` (${analytics.formatMeasure(draft.figures.returnedUnits, "count")} of ${analytics.formatMeasure(draft.figures.units, "count")} units returned, ${analytics.formatMeasure(draft.figures.returnRate, "percent")})`
          : "";
        return `Send to ${who} about the returns of ${String(a.product)}${figures}: “${String(a.message ?? "").trim()}”`;
      },
      async precheck(a, lookup) {
        const draft = await draftOf(a, lookup);
        if (!draft) return `There is nothing to ask about: ${String(a.product)} has no returns in these dates, or the return-rate report has no such product.`;
        if (draft.recipient.kind !== a.recipient) return `This question would go to ${draft.recipient.name}, not the one named; prepare it again with draft_return_question.`;
        return undefined;
      },
    },
  }),
];
