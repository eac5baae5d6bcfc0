import { inbox } from "@atelier/contracts";
import { placeWords } from "@atelier/contracts/inbox/attachments";
import { defineTool, type ApprovalLookup } from "../tool-spec";
import { bodyOf } from "../tool-from-contract";

// Files attached in the inbox and the numbered pins both sides drop on pictures. Reading is free;
// a pin reaches the supplier at once, so dropping one is contact and waits for the user's approval,
// which names the supplier, the picture and the comment.

const idArg = "The attachment's id, from list_conversation_attachments (kind IMAGE)";

async function pinned(lookup: ApprovalLookup, args: Record<string, unknown>) {
  const id = (args.params as { id?: unknown } | undefined)?.id ?? args.id;
  const found = typeof id === "string" ? await lookup(inbox.listPins, { params: { id } }) : undefined;
  if (!found) return undefined;
  const conversation = await lookup(inbox.getConversation, { params: { sid: found.attachment.conversationSid } });
  return { ...found, supplierName: conversation?.supplierName ?? "the supplier" };
}

/** Where a point is on a picture, in words (shared with the chat's pin card). */
export { placeWords };

export const attachmentTools = [
  defineTool({
    contract: inbox.listAttachments,
    name: "list_conversation_attachments",
    description:
      "List the files attached to one conversation by either side (sample photos, tech-pack drawings, PDFs, spreadsheets, videos), newest first, each with who sent it, its kind, file name, size and how many pins are on it. Use it for 'what files did the supplier send?', 'the sample photo' (kind IMAGE) and to find an attachment's id before reading its pins.",
    argDescriptions: { sid: "The conversation's sid (CH…), from list_conversations", page: "Page number, starting at 0", size: "Files per page, 1-100" },
  }),
  defineTool({
    contract: inbox.listPins,
    name: "list_image_pins",
    description:
      "Read the numbered pins on a picture attached in a conversation: for each pin its number, who dropped it (store or supplier), where it is on the picture (x across and y down, from 0 to 1) and its comment. Use it for 'what did the supplier mark on the sample photo?'. Say where each pin is in words (top left, centre…), never the raw numbers.",
    argDescriptions: { id: idArg },
  }),
  defineTool({
    contract: inbox.addPin,
    name: "add_image_pin",
    description:
      "Drop the next numbered pin on a picture attached in a conversation, at a point (x across and y down, from 0 to 1; 0.5, 0.5 is the centre) with a comment, e.g. 'move the logo 2 cm up'. The supplier sees it at once, so the user approves the supplier, the picture and the comment first. Only pictures (PNG, JPEG, GIF) take pins.",
    argDescriptions: { id: idArg },
    approval: {
      async summary(a, lookup) {
        const found = await pinned(lookup, a);
        const body = bodyOf(inbox.addPin, a);
        const where = body ? ` at the ${placeWords(body.x, body.y)}` : "";
        const comment = body?.comment.trim() ?? "";
        return found ? `Pin on ${found.attachment.fileName} for ${found.supplierName}${where}: “${comment}”` : `Pin on this picture${where}: “${comment}”`;
      },
      async precheck(a, lookup) {
        const found = await pinned(lookup, a);
        if (!found) return "That picture is not in any of the store's conversations.";
        if (found.attachment.width === null) return `${found.attachment.fileName} is not a picture, so it can't take pins.`;
        return undefined;
      },
    },
  }),
];
