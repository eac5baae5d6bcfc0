import { helpCenter } from "@atelier/contracts";
import { defineTool } from "../tool-spec";

// The help centre, for the storefront chatbot and any agent asked how Atelier works.

export const helpCenterTools = [
  defineTool({
    contract: helpCenter.searchHelpCenter,
    name: "search_help_centre",
    description: "Search Atelier's help centre (getting started, pricing, sales channels, fulfilment, support). Use it for any question about how Atelier works.",
    argDescriptions: { q: "The question, in the visitor's words", category: "Limit to one category", limit: "How many articles, 1-20" },
  }),
  defineTool({ contract: helpCenter.listHelpCenterArticles, name: "list_help_articles", description: "List help-centre articles, optionally of one category. Use it when the visitor wants to browse topics.", argDescriptions: { category: "Only this category" } }),
  defineTool({ contract: helpCenter.getHelpCenterArticle, name: "get_help_article", description: "Read one help-centre article in full by its slug.", argDescriptions: { slug: "The article's slug, from search_help_centre" } }),
];
