import { sourcingAgent as c } from "@atelier/contracts";
import { route, type Route } from "../http/route";
import { getSourcingAgentGoal } from "../services/sourcing-agent/get-sourcing-agent-goal";
import { createSourcingAgentGoal } from "../services/sourcing-agent/create-sourcing-agent-goal";
import { updateSourcingAgentGoal } from "../services/sourcing-agent/update-sourcing-agent-goal";
import { deleteSourcingAgentGoal } from "../services/sourcing-agent/delete-sourcing-agent-goal";
import { validateSourcingAgentGoal } from "../services/sourcing-agent/validate-sourcing-agent-goal";
import { createTechPack } from "../services/sourcing-agent/create-tech-pack";
import { updateTechPack } from "../services/sourcing-agent/update-tech-pack";
import { getTechPack } from "../services/sourcing-agent/get-tech-pack";
import { listTechPackHistory } from "../services/sourcing-agent/list-tech-pack-history";
import { matchFactories } from "../services/sourcing-agent/match-factories";
import { listExpandedNetworkRecords } from "../services/sourcing-agent/list-expanded-network-records";
import { sendMessagesInNetwork } from "../services/sourcing-agent/send-messages-in-network";
import { sendMessagesExpandedNetwork } from "../services/sourcing-agent/send-messages-expanded-network";
import { sendFactoriesContactInfo } from "../services/sourcing-agent/send-factories-contact-info";
import { sendEmailsByOwnEmail } from "../services/sourcing-agent/send-emails-by-own-email";
import { analyzeSuppliersInfo } from "../services/sourcing-agent/analyze-suppliers-info";
import { createSupplierInvite } from "../services/sourcing-agent/create-supplier-invite";
import { listMySuppliers } from "../services/sourcing-agent/list-my-suppliers";
import { getCountryTariff } from "../services/sourcing-agent/get-country-tariff";

/** Sourcing agents, supplier invites, my suppliers and tariffs. */
export const sourcingAgentRoutes: Route[] = [
  route(c.getSourcingAgentGoal, ({ ctx, query }) => getSourcingAgentGoal(ctx, query.conversationSid)),
  route(c.createSourcingAgentGoal, ({ ctx, body }) => createSourcingAgentGoal(ctx, body)),
  route(c.updateSourcingAgentGoal, ({ ctx, body }) => updateSourcingAgentGoal(ctx, body)),
  route(c.deleteSourcingAgentGoal, ({ ctx, query }) => deleteSourcingAgentGoal(ctx, query.conversationSid)),
  route(c.validateSourcingAgentGoal, ({ ctx, body }) => validateSourcingAgentGoal(ctx, body)),
  route(c.createTechPack, ({ ctx, body }) => createTechPack(ctx, body)),
  route(c.updateTechPack, ({ ctx, params, body }) => updateTechPack(ctx, params.id, body)),
  route(c.getTechPack, ({ ctx, params }) => getTechPack(ctx, params.id)),
  route(c.listTechPackHistory, ({ ctx, query }) => listTechPackHistory(ctx, query)),
  route(c.matchFactories, ({ ctx, body }) => matchFactories(ctx, body)),
  route(c.listExpandedNetworkRecords, ({ ctx, query }) => listExpandedNetworkRecords(ctx, query)),
  route(c.sendMessagesInNetwork, ({ ctx, body }) => sendMessagesInNetwork(ctx, body)),
  route(c.sendMessagesExpandedNetwork, ({ ctx, body }) => sendMessagesExpandedNetwork(ctx, body)),
  route(c.sendFactoriesContactInfo, ({ ctx, body }) => sendFactoriesContactInfo(ctx, body)),
  route(c.sendEmailsByOwnEmail, ({ ctx, body }) => sendEmailsByOwnEmail(ctx, body)),
  route(c.analyzeSuppliersInfo, ({ ctx, body }) => analyzeSuppliersInfo(ctx, body)),
  route(c.createSupplierInvite, ({ ctx, body }) => createSupplierInvite(ctx, body)),
  route(c.listMySuppliers, ({ ctx, query }) => listMySuppliers(ctx, query)),
  route(c.getCountryTariff, ({ ctx, query }) => getCountryTariff(ctx, query)),
];
