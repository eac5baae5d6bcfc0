import type { BrandKit, BrandKitSummary, BrandKitTask } from "@atelier/contracts/brand-kits";
import { selectedBrandIdea } from "@atelier/contracts/brand-kit-rules";
import type { KitRow } from "../../queries/brand-kits/kits";
import type { TaskRow } from "../../queries/brand-kits/tasks";

export function toTaskDto(t: TaskRow): BrandKitTask {
  return {
    id: t.id, type: t.type, status: t.status, jobId: t.job_id, source: t.source, creditsCharged: t.credits_charged, creditsRefunded: t.credits_refunded,
    error: t.error, createdAt: t.created_at.toISOString(), finishedAt: t.finished_at?.toISOString() ?? null,
  };
}

export function toKitDto(k: KitRow, tasks: TaskRow[]): BrandKit {
  return {
    ...k.parts,
    id: k.id, category: k.category, productDescription: k.product_description, isWaitlistSitePublished: k.is_waitlist_site_published, isArchived: k.is_archived,
    createdAt: k.created_at.toISOString(), updatedAt: k.updated_at.toISOString(), tasks: tasks.map(toTaskDto),
  };
}

export function toKitSummary(k: KitRow): BrandKitSummary {
  const idea = selectedBrandIdea(k.parts);
  return {
    id: k.id, category: k.category, productDescription: k.product_description, brandName: idea?.brandName ?? null, palette: idea?.colorPalette.map((c) => c.hexCode) ?? [],
    thumbnail: k.parts.thumbnailImages.find((t) => t.key === "IDEA")?.value || null, createdAt: k.created_at.toISOString(), updatedAt: k.updated_at.toISOString(),
  };
}
