import { ideation } from "@atelier/contracts";
import { CREDITS_PER_IDEA_ROUND, IDEAS_PER_ROUND } from "@atelier/contracts/ideation";
import { defineTool } from "../tool-spec";

// Product ideation (/product-ideation, /your-ideations, /crowdfund-your-idea): product ideas
// costed from the marketplace, picked, submitted for crowdfunding and e-mailed to oneself. Rounds
// that take AI credits ask first naming the credits; the e-mail asks first naming the address.

const credits = (n: number) => `${n.toLocaleString("en-US")} AI credit${n === 1 ? "" : "s"}`;
const quoted = (v: unknown) => `“${String(v ?? "").trim().slice(0, 120)}”`;

export const ideationTools = [
  defineTool({
    contract: ideation.listAiIdeas,
    name: "list_ideations",
    description: "List the store's saved product ideations (/your-ideations), recently changed first, searched by name, prompt or category. Each has its picked ideas' titles.",
    argDescriptions: { search: "Words of the ideation's name, prompt or category", sort: "-updatedAt (default), -createdAt or title", includeArchived: "'true' to include archived ones", page: "Page number, starting at 0", size: "Per page, 1-100" },
  }),
  defineTool({
    contract: ideation.getAiIdea,
    name: "get_ideation",
    description: "Get one ideation with all its product ideas (newest round first, numbered 1.. in order: 'the second idea' is ideas[1]), each with unit cost, suggested price, margin, MOQ and suppliers; the picked ones (selectedProductIds) and cost.nextRoundCredits, what the next round costs. Call it to resolve 'this ideation' or 'the third idea'.",
    argDescriptions: { id: "The ideation's id" },
  }),
  defineTool({
    contract: ideation.createAiIdea,
    name: "create_ideation",
    description: "Start a new product ideation from what the user wants to make (prompt), optionally a category and the most they want to pay a unit. Then call generate_product_ideas.",
    argDescriptions: { prompt: "What they want to make, in their words", category: "A kind of product", maxUnitCost: "Dollars a unit at most", title: "A name; taken from the prompt when left out" },
  }),
  defineTool({
    contract: ideation.updateAiIdea,
    name: "update_ideation",
    description: "Rename an ideation, change its prompt, category or unit-cost limit, or archive it (isArchived true) or restore it.",
    argDescriptions: { id: "The ideation's id", maxUnitCost: "Dollars a unit at most; null for no limit", isArchived: "true archives, false restores" },
  }),
  defineTool({
    contract: ideation.generateAiIdeas,
    name: "generate_product_ideas",
    description: `Write ${IDEAS_PER_ROUND} more product ideas for an ideation, costed from the marketplace's listings. Free during the store's free rounds of the day; after them a round costs cost.nextRoundCredits from get_ideation (${CREDITS_PER_IDEA_ROUND}), which you must pass as confirmCredits (the user approves the amount).`,
    argDescriptions: { id: "The ideation's id", prompt: "What to make, when it changes; the saved prompt when left out", confirmCredits: "cost.nextRoundCredits when it is above 0; leave out when the round is free" },
    approval: {
      when: (a) => typeof a.confirmCredits === "number" && a.confirmCredits > 0,
      summary: (a) => `Spend ${credits(Number(a.confirmCredits))} to write ${IDEAS_PER_ROUND} product ideas${a.prompt ? ` for ${quoted(a.prompt)}` : ""}`,
    },
  }),
  defineTool({
    contract: ideation.selectAiIdeaProducts,
    name: "pick_product_ideas",
    description: "Set which product ideas of an ideation the user picked: the full list of uuids in order (add to the already picked ones to keep them).",
    argDescriptions: { id: "The ideation's id", selectedProductIds: "Every picked idea's uuid" },
  }),
  defineTool({
    contract: ideation.submitAiIdea,
    name: "submit_idea_for_crowdfunding",
    description: "Submit an ideation with at least one picked idea for crowdfunding: a pitch (who it is for and why, 20+ characters) and a funding goal in dollars; isPublic shows it to every creator.",
    argDescriptions: { id: "The ideation's id", pitch: "Who it is for and why it matters", fundingGoal: "Dollars to raise", isPublic: "Show it in the public ideas (default false)" },
    approval: {
      when: (a) => a.isPublic === true,
      summary: (a) => `Publish this idea to every creator with a funding goal of $${Number(a.fundingGoal).toLocaleString("en-US")}`,
    },
  }),
  defineTool({
    contract: ideation.sendCrowdfundingEmailToSelf,
    name: "email_crowdfunding_idea_to_me",
    description: "E-mail a submitted idea's crowdfunding summary to the user's own address (only theirs). Pass their e-mail from get_my_store as confirmRecipient; the user approves the address.",
    argDescriptions: { ideaId: "The submitted ideation's id", confirmRecipient: "The user's own e-mail address" },
    approval: { when: () => true, summary: (a) => `E-mail the crowdfunding summary to ${String(a.confirmRecipient)}` },
  }),
  defineTool({
    contract: ideation.listPublicAiIdeas,
    name: "list_public_ideas",
    description: "List ideas other creators submitted for crowdfunding and made public: pitch, goal and products.",
    argDescriptions: { search: "Words of the name or pitch", page: "Page number, starting at 0", size: "Per page, 1-100" },
  }),
  defineTool({
    contract: ideation.bulkUpdateAiIdeas,
    name: "archive_ideations",
    description: "Archive (or restore, isArchived false) several ideations at once.",
    argDescriptions: { ids: "The ideations' ids", isArchived: "true archives, false restores" },
  }),
];
