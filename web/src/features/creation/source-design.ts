import type { GeneratedImageDto as GeneratedImage } from "@atelier/contracts/creation";
import { openChat } from "../../chat/chat-intents";

/**
 * The first message of a sourcing-agent conversation about a saved design: the design's
 * description as the product, and the picture as an attachment line (the agent keeps it in the
 * goal's attachments and the tech pack), in the line format the agent pages write and the offline
 * model reads (graphs/src/models/offline-parse.ts). The link is absolute: goals store links a factory opens.
 */
export function designSourcingMessage(design: Pick<GeneratedImage, "prompt" | "url" | "id">, origin: string): string {
  const url = new URL(design.url, origin).toString();
  return `I want to make ${design.prompt.trim().replace(/[.\s]+$/, "")}, as in the attached design. Find factories that can make it.\n[attachment IMAGE: design-${design.id.slice(0, 8)}.png <${url}>]`;
}

/** Starts the design-sourcing agent in a new conversation with the design as its goal. */
export function sourceDesign(design: Pick<GeneratedImage, "prompt" | "url" | "id">): void {
  openChat({ text: designSourcingMessage(design, window.location.origin), newThread: true, source: "screen", assistant: "sourcing-agent" });
}
