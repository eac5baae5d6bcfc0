import { sourcingAgent } from "@atelier/contracts";
import { defineTool } from "../tool-spec";
import type { RunContext } from "@atelier/contracts/agent-context";
import { contactInfoSummary, ownEmailSummary, sendExpandedSummary, sendInNetworkSummary } from "./sourcing-approvals";

// Goals are keyed by the conversation: the thread id, filled in by the tool so the model cannot mix threads up.
function conversationSid(context: RunContext & { threadId?: string }): string {
  if (!context.threadId) throw new Error("This tool needs a conversation (thread) id");
  return context.threadId;
}

const techPackArgs = {
  productName: "Short product name, e.g. Organic cotton tee",
  category: "Product category, e.g. apparel/t-shirts",
  description: "What the product is, construction details and quality expectations",
  materials: "Materials, e.g. ['100% organic cotton, 180gsm']",
  colors: "Colours as name|hex|variant entries separated by semicolons, e.g. 'Navy|#1F2A44|;White|#FFFFFF|'",
  sizes: "Sizes offered, e.g. ['S','M','L']",
  quantities: "Units per size and colour",
  packaging: "Packaging requirements",
  printDetails: "Printing or embroidery: method, colours, placement, artwork",
  targetDate: "When the goods must be ready, YYYY-MM-DD",
  attachments: "Links to reference images or files",
  conversationSid: "Leave empty: the conversation is linked automatically",
  id: "The tech pack id",
};
const companyIds = "Ids of the suppliers to contact, from match_factories (at most 50)";

export const sourcingTools = [
  defineTool({
    contract: sourcingAgent.getSourcingAgentGoal,
    name: "get_sourcing_goal",
    description: "Get this conversation's saved sourcing goal and its validation. Use it to recall what the user wants made.",
    omit: ["conversationSid"],
    argsFrom: (_a, c) => ({ query: { conversationSid: conversationSid(c) } }),
  }),
  defineTool({
    contract: sourcingAgent.createSourcingAgentGoal,
    name: "save_sourcing_goal",
    description: "Save the product goal of this conversation the first time the user describes it (product, quantity, target price, dates, countries, materials).",
    omit: ["conversationSid"],
    argDescriptions: { agentType: "Which sourcing agent: default (design sourcing), tariff or packaging", goal: "What the user wants made; only what they said" },
    argsFrom: (a, c) => ({ body: { ...a, conversationSid: conversationSid(c) } as never }),
  }),
  defineTool({
    contract: sourcingAgent.updateSourcingAgentGoal,
    name: "update_sourcing_goal",
    description: "Update this conversation's saved goal when the user adds or changes details. Send only the fields that change; null clears one.",
    omit: ["conversationSid"],
    argDescriptions: { agentType: "Which sourcing agent: default, tariff or packaging", goal: "The fields that change" },
    argsFrom: (a, c) => ({ body: { ...a, conversationSid: conversationSid(c) } as never }),
  }),
  defineTool({
    contract: sourcingAgent.deleteSourcingAgentGoal,
    name: "delete_sourcing_goal",
    description: "Delete this conversation's saved goal when the user wants to start over.",
    omit: ["conversationSid"],
    argsFrom: (_a, c) => ({ query: { conversationSid: conversationSid(c) } }),
  }),
  defineTool({
    contract: sourcingAgent.validateSourcingAgentGoal,
    name: "validate_sourcing_goal",
    description: "Check whether the goal is complete enough for factories to quote; returns missing fields and one question for each. Use it before writing a tech pack.",
    argDescriptions: { agentGoal: "The goal as gathered so far", agentType: "Which sourcing agent: default, tariff or packaging" },
  }),
  defineTool({
    contract: sourcingAgent.createTechPack,
    name: "create_tech_pack",
    description: "Write the tech pack factories quote from, once the goal is valid. Use it once per product; update_tech_pack afterwards.",
    argDescriptions: techPackArgs,
    omit: ["conversationSid"],
    // The pack belongs to the conversation it was written in, so its review page and history find it.
    argsFrom: (a, c) => ({ body: { ...a, ...(c.threadId ? { conversationSid: c.threadId } : {}) } as never }),
  }),
  defineTool({ contract: sourcingAgent.updateTechPack, name: "update_tech_pack", description: "Change a tech pack; the previous version is kept in its history. Use it when the user edits details.", argDescriptions: techPackArgs }),
  defineTool({ contract: sourcingAgent.getTechPack, name: "get_tech_pack", description: "Get a tech pack's latest version.", argDescriptions: { id: "The tech pack id" } }),
  defineTool({
    contract: sourcingAgent.listTechPackHistory,
    name: "list_tech_packs",
    description: "List the store's tech packs, or every version of one. Use it when the user refers to an earlier tech pack.",
    argDescriptions: { page: "Page number, starting at 0", size: "Items per page, 1-100", techPackId: "Only the versions of this tech pack", search: "Words in the product name" },
  }),
  defineTool({
    contract: sourcingAgent.matchFactories,
    name: "match_factories",
    description: "Find the best-matching factories for a tech pack or a product description: vetted in-network suppliers and expanded-network records, with filters. Use it for 'find suppliers for …'.",
    argDescriptions: { techPackId: "Match against this tech pack", query: "Or a description of what to make, e.g. organic cotton tees", filters: "Country, region, MOQ, sample price and production-time limits", limit: "How many of each network, 1-50" },
  }),
  defineTool({
    contract: sourcingAgent.listExpandedNetworkRecords,
    name: "list_expanded_network_records",
    description: "Browse suppliers outside the vetted network by text, country or region.",
    argDescriptions: { page: "Page number, starting at 0", size: "Items per page, 1-100", search: "Words to search", countryCode: "Two-letter country code", region: "Region code: AF, NA, SA, AS, EU or OA" },
  }),
  defineTool({
    contract: sourcingAgent.sendMessagesInNetwork,
    name: "send_messages_in_network",
    description: "Send the tech pack to chosen in-network suppliers' inboxes. Needs the user's approval. Use it after the user picks factories from match_factories.",
    argDescriptions: { techPackId: "The tech pack to send", companyIds },
    approval: { summary: sendInNetworkSummary },
  }),
  defineTool({
    contract: sourcingAgent.sendMessagesExpandedNetwork,
    name: "send_messages_expanded_network",
    description: "Email the tech pack to chosen expanded-network suppliers. Needs the user's approval.",
    argDescriptions: { techPackId: "The tech pack to send", companyIds },
    approval: { summary: sendExpandedSummary },
  }),
  defineTool({
    contract: sourcingAgent.sendFactoriesContactInfo,
    name: "send_factories_contact_info",
    description: "Email the user the contact details of chosen factories, so they can reach out themselves. Needs the user's approval.",
    argDescriptions: { userEmail: "The address to send the contact details to", companyIds },
    approval: { summary: contactInfoSummary },
  }),
  defineTool({
    contract: sourcingAgent.sendEmailsByOwnEmail,
    name: "send_emails_by_own_email",
    description: "Email suppliers the user brings (name and email), with the user's address as reply-to and the tech pack attached. Needs the user's approval.",
    argDescriptions: { uploadSuppliers: "The suppliers to email: name and email each", emailSubject: "Subject line", emailBody: "Message body", techPackId: "The tech pack to include" },
    approval: { summary: ownEmailSummary },
  }),
  defineTool({
    contract: sourcingAgent.analyzeSuppliersInfo,
    name: "analyze_supplier_info",
    description: "Read a supplier's website text into a supplier record (capabilities, MOQ, country, contacts). Use it when the user gives a supplier URL.",
    argDescriptions: { supplierUrl: "The supplier's web page", pageText: "The page's text, when the user pasted it" },
  }),
  defineTool({
    contract: sourcingAgent.createSupplierInvite,
    name: "invite_supplier",
    description: "Invite a supplier the user already works with onto Atelier (the supplier and our sourcing team are emailed). Needs the user's approval.",
    argDescriptions: { name: "Supplier's company name", website: "Supplier's website", email: "Supplier's contact email", phoneNumber: "Supplier's phone number" },
    approval: { summary: (a) => `Invite supplier ${String(a.name)} (${String(a.email)}) to Atelier` },
  }),
  defineTool({
    contract: sourcingAgent.listMySuppliers,
    name: "list_my_suppliers",
    description: "List the suppliers the store invited, contacted or bought from. Use it for 'my suppliers' or to check who was already contacted.",
    argDescriptions: { page: "Page number, starting at 0", size: "Items per page, 1-100", search: "Words in the supplier's name" },
  }),
  defineTool({
    contract: sourcingAgent.getCountryTariff,
    name: "get_country_tariff",
    description: "Look up the import duty of a product from an origin country into a destination (default US), with duty per unit and landed cost when a unit price is given. Always tell the user the as-of date.",
    argDescriptions: { product: "The product, e.g. ceramic mugs", htsCode: "An HTS code, when known", originCountry: "Two-letter code of the country it is made in", destinationCountry: "Two-letter code of the importing country; US by default" },
  }),
];
