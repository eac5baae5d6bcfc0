import { receivings } from "@atelier/contracts";
import { route } from "../http/route";
import { cancelReceiving } from "../services/receivings/cancel-receiving";
import { createReceiving } from "../services/receivings/create-receiving";
import { getReceiving } from "../services/receivings/get-receiving";
import { listReceivings } from "../services/receivings/list-receivings";
import { receiveReceiving } from "../services/receivings/receive-receiving";
import { updateReceivingDelivery } from "../services/receivings/update-receiving-delivery";
import { updateStoredAtFbp } from "../services/receivings/update-stored-at-fbp";
import { updateReceivingBoxes } from "../services/receivings/update-receiving-boxes";
import { getBoxLabels } from "../services/receivings/get-box-labels";

export const receivingsRoutes = [
  route(receivings.listReceivings, ({ ctx, query }) => listReceivings(ctx, query)),
  route(receivings.createReceiving, ({ ctx, body }) => createReceiving(ctx, body)),
  route(receivings.getReceiving, ({ ctx, params }) => getReceiving(ctx, params.sn)),
  route(receivings.updateReceivingDelivery, ({ ctx, params, body }) => updateReceivingDelivery(ctx, params.sn, body)),
  route(receivings.receiveReceiving, ({ ctx, params, body }) => receiveReceiving(ctx, params.sn, body)),
  route(receivings.cancelReceiving, ({ ctx, params, body }) => cancelReceiving(ctx, params.sn, body.reason)),
  route(receivings.updateStoredAtFbp, ({ ctx, params, body }) => updateStoredAtFbp(ctx, params.id, body)),
  route(receivings.updateReceivingBoxes, ({ ctx, params, body }) => updateReceivingBoxes(ctx, params.sn, body)),
  route(receivings.getReceivingBoxLabels, ({ ctx, params }) => getBoxLabels(ctx, params.sn)),
];
