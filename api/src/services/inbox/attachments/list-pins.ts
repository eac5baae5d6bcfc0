import type { ResponseOf } from "@atelier/contracts";
import type { listPins as contract } from "@atelier/contracts/inbox/contracts";
import type { UserContext } from "../../../context";
import { notFound } from "../../../errors";
import { findAttachment, listPins as listPinRows } from "../../../queries/inbox/attachments";
import { viewerOf } from "../inbox-viewer";
import { toAttachment, toPin } from "./attachment-dto";

/** An attachment of one of the caller's conversations with its pins in order; any other is 404. */
export async function listPins(ctx: UserContext, id: string): Promise<ResponseOf<typeof contract>> {
  const viewer = viewerOf(ctx);
  const attachment = await findAttachment(ctx.pool, viewer, id);
  if (!attachment) throw notFound("This attachment");
  return { attachment: toAttachment(attachment), pins: (await listPinRows(ctx.pool, id)).map(toPin) };
}
