import { describeImage, DESCRIPTOR_DIMENSIONS, DESCRIPTOR_KIND } from "./descriptor";
import type { Raster } from "./raster";

/**
 * Turns a picture into a 384-number vector for catalog_item_images. The offline descriptor is
 * the default; a vision-embedding model (an OpenAI-compatible endpoint serving image embeddings
 * of 384 dimensions) plugs in here by implementing this type under its own kind. Vectors of
 * different kinds are never compared: rows carry their kind, and the index is rebuilt for a new one.
 */
export type ImageEmbedder = {
  kind: string;
  dimensions: number;
  embed(raster: Raster, bytes?: Buffer): Promise<number[]>;
};

/** The built-in descriptor (colour histogram, colour layout, perceptual hashes). */
export const descriptorEmbedder: ImageEmbedder = {
  kind: DESCRIPTOR_KIND,
  dimensions: DESCRIPTOR_DIMENSIONS,
  embed: async (raster) => describeImage(raster),
};
