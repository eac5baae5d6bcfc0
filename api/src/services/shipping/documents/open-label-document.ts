import { getShippingLabel, LABEL_FORMATS, type LabelFormat } from "@atelier/contracts/shipping";
import type { RequestContext } from "../../../context";
import { AppError, invalid, notFound } from "../../../errors";
import * as labels from "../../../queries/shipping/labels";
import { memberFromToken } from "../../auth/authenticate-caller";
import { renderLabelsPdf } from "./render-pdf";
import { renderLabelZpl } from "./render-zpl";

export type LabelDocument = { contentType: string; fileName: string; body: Buffer };

/** A label's printable document (PDF 4×6, PDF letter, ZPL) for a member of its store; another store's label is 404. */
export async function openLabelDocument(ctx: RequestContext, token: string | undefined, id: string, format: string): Promise<LabelDocument> {
  const claims = (await memberFromToken(ctx, token, getShippingLabel)).auth;
  if (!(LABEL_FORMATS as readonly string[]).includes(format)) throw invalid("query.format", `must be one of ${LABEL_FORMATS.join(", ")}`);
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw invalid("params.id", "must be a label id");
  const label = await labels.getLabel(ctx.pool, claims.storeId, id);
  if (!label) throw notFound("The label");
  if (label.status === "VOIDED") throw new AppError("CONFLICT", `Label ${label.trackingNumber} was voided; printing it would ship a parcel nobody paid for.`);
  const f = format as LabelFormat;
  if (f === "zpl") return { contentType: "application/zpl", fileName: `label-${label.trackingNumber}.zpl`, body: Buffer.from(renderLabelZpl(label), "utf8") };
  return { contentType: "application/pdf", fileName: `label-${label.trackingNumber}.pdf`, body: await renderLabelsPdf([label], f === "pdf-letter" ? "letter" : "4x6") };
}
