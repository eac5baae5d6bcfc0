import { ideation } from "@atelier/contracts";
import { route } from "../http/route";
import { bulkUpdateAiIdeas } from "../services/ideation/bulk-update-ai-ideas";
import { createAiIdea } from "../services/ideation/create-ai-idea";
import { generateAiIdeas } from "../services/ideation/generate-ai-ideas";
import { getAiIdea } from "../services/ideation/get-ai-idea";
import { listAiIdeas } from "../services/ideation/list-ai-ideas";
import { listPublicAiIdeas } from "../services/ideation/list-public-ai-ideas";
import { openAiIdea } from "../services/ideation/open-ai-idea";
import { selectAiIdeaProducts } from "../services/ideation/select-ai-idea-products";
import { sendCrowdfundingEmailToSelf } from "../services/ideation/send-crowdfunding-email";
import { submitAiIdea } from "../services/ideation/submit-ai-idea";
import { updateAiIdea } from "../services/ideation/update-ai-idea";

/** Product ideation and crowdfunding an idea (issue 19). The "-/" paths come before ":id". */
export const ideationRoutes = [
  route(ideation.listAiIdeas, ({ ctx, query }) => listAiIdeas(ctx, query)),
  route(ideation.createAiIdea, ({ ctx, body }) => createAiIdea(ctx, body)),
  route(ideation.openAiIdea, ({ ctx }) => openAiIdea(ctx)),
  route(ideation.listPublicAiIdeas, ({ ctx, query }) => listPublicAiIdeas(ctx, query)),
  route(ideation.bulkUpdateAiIdeas, ({ ctx, body }) => bulkUpdateAiIdeas(ctx, body)),
  route(ideation.getAiIdea, ({ ctx, params }) => getAiIdea(ctx, params.id)),
  route(ideation.updateAiIdea, ({ ctx, params, body }) => updateAiIdea(ctx, params.id, body)),
  route(ideation.generateAiIdeas, ({ ctx, params, body }) => generateAiIdeas(ctx, params.id, body)),
  route(ideation.selectAiIdeaProducts, ({ ctx, params, body }) => selectAiIdeaProducts(ctx, params.id, body)),
  route(ideation.submitAiIdea, ({ ctx, params, body }) => submitAiIdea(ctx, params.id, body)),
  route(ideation.sendCrowdfundingEmailToSelf, ({ ctx, body }) => sendCrowdfundingEmailToSelf(ctx, body)),
];
