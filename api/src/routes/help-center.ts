import { helpCenter as c } from "@atelier/contracts";
import { route, type Route } from "../http/route";
import { getHelpCenterArticle } from "../services/help-center/get-help-center-article";
import { listHelpCenterArticles } from "../services/help-center/list-help-center-articles";
import { searchHelpCenter } from "../services/help-center/search-help-center";
import { submitChatbotFeedback } from "../services/help-center/submit-chatbot-feedback";
import { createSupportRequest } from "../services/support/create-support-request";

/** The storefront chatbot's help centre and its answers' feedback. */
export const helpCenterRoutes: Route[] = [
  route(c.searchHelpCenter, ({ ctx, query }) => searchHelpCenter(ctx, query)),
  route(c.listHelpCenterArticles, ({ ctx, query }) => listHelpCenterArticles(ctx, query.category)),
  route(c.getHelpCenterArticle, ({ ctx, params }) => getHelpCenterArticle(ctx, params.slug)),
  route(c.submitChatbotFeedback, ({ ctx, body }) => submitChatbotFeedback(ctx, body)),
  route(c.createSupportRequest, ({ ctx, body }) => createSupportRequest(ctx, body)),
];
