import type { BodyOf, ResponseOf } from "@atelier/contracts";
import { MAX_PINS_PER_IMAGE, type addPin as contract } from "@atelier/contracts/inbox/contracts";
import type { UserContext } from "../../../context";
import { withTransaction } from "../../../db/pool";
import { AppError, conflict, notFound } from "../../../errors";
import { publishAfterCommit } from "../../../realtime";
import { findAttachment, insertPin, listPins, lockAttachment } from "../../../queries/inbox/attachments";
import { ownConversation, viewerOf } from "../inbox-viewer";
import { toPin } from "./attachment-dto";

/**
 * Drops the next numbered pin on an image attachment of one of the caller's conversations; both
 * sides' open screens get it live (the conversation's room). Only pictures with a known size take
 * pins, since a pin's point is a fraction of the picture. Dropping the same comment at the same
 * point again answers the first pin (the contract also replays by Idempotency-Key).
 */
export async function addPin(ctx: UserContext, id: string, body: BodyOf<typeof contract>): Promise<ResponseOf<typeof contract>> {
  const viewer = viewerOf(ctx);
  return withTransaction(ctx.pool, async (tx) => {
    const attachment = await findAttachment(tx, viewer, id);
    if (!attachment) throw notFound("This attachment");
    if (attachment.width === null) {
      throw new AppError("VALIDATION_FAILED", `Pins go on pictures; ${attachment.fileName} is not one.`, [{ field: "id", reason: "is not a picture (pins go on PNG, JPEG and GIF attachments)" }]);
    }
    await lockAttachment(tx, id);
    const pins = await listPins(tx, id);
    // A retried drop without its key (a double click, an agent's repeated call) answers the pin already there.
    const same = pins.find((p) => p.side === viewer.side && p.x === body.x && p.y === body.y && p.comment === body.comment);
    if (same) return toPin(same);
    if (pins.length >= MAX_PINS_PER_IMAGE) throw conflict(`This picture already has ${MAX_PINS_PER_IMAGE} pins, the most it takes.`);
    const conversation = await ownConversation(tx, viewer, attachment.conversationSid);
    const authorName = viewer.side === "STORE" ? conversation.storeName : conversation.supplierName;
    const pin = toPin(await insertPin(tx, { attachmentId: id, x: body.x, y: body.y, comment: body.comment, side: viewer.side, userId: viewer.userId, authorName }));
    publishAfterCommit(tx, { name: "attachment.pinned", to: { conversationId: attachment.conversationSid }, payload: { conversationSid: attachment.conversationSid, pin } });
    return pin;
  });
}
