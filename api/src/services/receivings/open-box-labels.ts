import { getReceivingBoxLabels, receivingRefSchema } from "@atelier/contracts/receivings";
import { FULFILMENT_CENTER_ADDRESS } from "@atelier/contracts/shipping";
import type { RequestContext } from "../../context";
import { invalid } from "../../errors";
import { memberFromToken } from "../auth/authenticate-caller";
import { receivingDetail } from "./receiving-detail";
import { boxLabelsFileName } from "./get-box-labels";
import { renderBoxLabels } from "./render-box-labels";

/** A shipment's box labels as one PDF, a page per box, for a member of its store; another store's shipment is 404. */
export async function openBoxLabels(ctx: RequestContext, token: string | undefined, sn: string): Promise<{ contentType: string; fileName: string; body: Buffer }> {
  const user = await memberFromToken(ctx, token, getReceivingBoxLabels);
  const ref = receivingRefSchema.safeParse(sn);
  if (!ref.success) throw invalid("params.sn", ref.error.issues[0]!.message);
  const detail = await receivingDetail(ctx.pool, user, ref.data);
  const center = { name: FULFILMENT_CENTER_ADDRESS.name, address: `${FULFILMENT_CENTER_ADDRESS.addressLine1}, ${FULFILMENT_CENTER_ADDRESS.city}, ${FULFILMENT_CENTER_ADDRESS.stateCode} ${FULFILMENT_CENTER_ADDRESS.zipCode}` };
  return { contentType: "application/pdf", fileName: boxLabelsFileName(detail.sn), body: await renderBoxLabels(detail, center) };
}
