import type { BodyOf, ResponseOf, creation } from "@atelier/contracts";
import { requirePermission } from "../../auth/permissions";
import type { UserContext } from "../../context";
import { invalid, notFound } from "../../errors";
import { findDesign } from "../../queries/creation/designs";
import { getCreationImages } from "../../queries/creation/images";
import { writeProject } from "../projects/save-project";
import { toGeneratedImageDto } from "./image-dto";

/** A short project title from a design prompt: its first clause, capitalised. */
export function titleFromPrompt(prompt: string): string {
  const first = prompt.trim().split(/[.;\n]/)[0]!.replace(/^(please\s+)?(design|make|create|draw)\s+(me\s+)?(an?\s+)?/i, "");
  const title = first.charAt(0).toUpperCase() + first.slice(1);
  return title.length > 120 ? `${title.slice(0, 117)}…` : title;
}

/** Starts a draft custom project with the design attached and described, ready to send to suppliers. */
export async function startProjectFromDesign(ctx: UserContext, body: BodyOf<typeof creation.startProjectFromDesign>): Promise<ResponseOf<typeof creation.startProjectFromDesign>> {
  requirePermission(ctx, "sourcing.use");
  const { storeId, userId } = ctx.auth;
  const imageId = body.imageId ?? (await findDesign(ctx.pool, storeId, userId)).savedImageId;
  if (!imageId) throw invalid("body.imageId", "is required: save a design first or pick one from the gallery");
  const [image] = await getCreationImages(ctx.pool, storeId, [imageId]);
  if (!image?.inGallery) throw notFound("Design");
  const title = body.title ?? titleFromPrompt(image.prompt);
  const project = await writeProject(ctx, undefined, {
    formStage: "FORM",
    catalogItemType: "RFP_PRODUCT",
    title,
    description: `Made from an AI product design: ${image.prompt}`,
    attachments: [toGeneratedImageDto(image).url],
  });
  return { projectId: project.id, title: project.title };
}
