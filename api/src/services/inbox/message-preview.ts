import type { MessageType } from "@atelier/contracts/inbox/contracts";

const CARD_LABELS: Record<MessageType, string> = {
  TEXT: "",
  IMAGE: "Photo",
  VIDEO: "Video",
  PDF: "PDF",
  AI: "Illustrator file",
  CREATOR_MILESTONE: "Milestone",
  CATALOG_ITEM: "Catalog item",
  REMIX_PRODUCT_ITEM: "Remix request",
  IMAGE_COLLABORATION: "Image comments",
  ZOOM_MEETING: "Video meeting",
  ZOOM_MEETING_REQUEST: "Meeting request",
  SUPPLIER_PROFILE: "Supplier profile",
  CREATOR_CUSTOM_PROJECT: "Custom project",
  TRACKING_LINK: "Tracking link",
  QUOTE: "Quote",
  FILE: "Spreadsheet",
};

/** The line a conversation list shows for its last message. */
export function previewOf(d: { type: MessageType; body: string; attributes: Record<string, unknown> }): string {
  if (d.type === "TEXT") return d.body.replace(/\s+/g, " ").slice(0, 140);
  const name = typeof d.attributes.fileName === "string" ? d.attributes.fileName : typeof d.attributes.title === "string" ? d.attributes.title : typeof d.attributes.topic === "string" ? d.attributes.topic : "";
  return name ? `${CARD_LABELS[d.type]}: ${name}`.slice(0, 140) : CARD_LABELS[d.type];
}
