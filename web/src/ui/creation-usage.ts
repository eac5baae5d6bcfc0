import { commons } from "@atelier/contracts";
import { reportQuietly } from "../api/client";
import { anonymousCreatorId, getSession } from "../session/session-store";

/** The creation actions reported as usage events (001 §3), one name each. */
export type CreationEvent = "product_design_generate" | "product_design_save" | "product_design_start_project" | "product_design_source" | "business_kit_create" | "business_kit_generate" | "business_kit_select_idea" | "business_kit_export_pdf" | "business_kit_source_sku" | "image_gallery_delete" | "ideation_generate" | "ideation_pick" | "ideation_submit";

/** The client's kind as the usage report names it: desktop_web, or mobile_web on narrow touch screens. */
export function sourceClientOf(win: Pick<Window, "matchMedia">): "desktop_web" | "mobile_web" {
  return win.matchMedia("(max-width: 768px) and (pointer: coarse)").matches ? "mobile_web" : "desktop_web";
}

/**
 * Reports a creation action (best effort: a failure is never shown). Blank content is skipped
 * here as the spec says (001 §5), before any request.
 */
export function reportCreationUsage(eventName: CreationEvent, content: string): void {
  if (!content.trim()) return;
  const session = getSession();
  const userId = session.user?.id ?? null;
  void reportQuietly(commons.reportUsageEvent, {
    body: { eventName, commonType: "creation", commonContent: content.trim().slice(0, 10_000), sourceClient: sourceClientOf(window), anonymousUserId: anonymousCreatorId(), userId, userType: userId ? "store" : null },
  });
}
