import type { GeneratedImageDto } from "@atelier/contracts/creation";
import type { CreationImageRow } from "../../queries/creation/images";
import { uploadUrl } from "../uploads/upload-file";

/** Generated pictures are uploads named after their id, so their URL needs no lookup. */
export const generatedFileName = (id: string) => `design-${id.slice(0, 8)}.png`;

export function toGeneratedImageDto(row: CreationImageRow): GeneratedImageDto {
  return {
    id: row.id,
    url: uploadUrl(row.id, generatedFileName(row.id)),
    prompt: row.prompt,
    model: row.model,
    width: row.width,
    height: row.height,
    inGallery: row.inGallery,
    createdAt: row.createdAt.toISOString(),
  };
}
