import { embedMany } from "ai";
import { createOpenAI } from "@ai-sdk/openai";
import { describeImage, DESCRIPTOR_DIMENSIONS, DESCRIPTOR_KIND } from "./descriptor";
import { encodePng } from "./codec";
import type { Raster } from "./raster";

/**
 * Turns a picture into a 384-number vector for catalog_item_images. The offline descriptor is
 * the default; an image-embedding model (an OpenAI-compatible endpoint) is used when configured.
 * `kind` names the vector space: rows carry it, and vectors of different kinds are never compared.
 */
export type ImageEmbedder = {
  kind: string;
  dimensions: number;
  embed(raster: Raster): Promise<number[]>;
};

/** The built-in descriptor (colour histogram, colour layout, perceptual hashes). */
export const descriptorEmbedder: ImageEmbedder = {
  kind: DESCRIPTOR_KIND,
  dimensions: DESCRIPTOR_DIMENSIONS,
  embed: async (raster) => describeImage(raster),
};

/** Longest side sent to a model: ample for an embedding, and a request of a few hundred kB. */
const MODEL_IMAGE_SIDE = 512;

/**
 * An OpenAI-compatible embeddings endpoint serving an image model (CLIP-style servers take the
 * picture as a data URL in `input`). Every picture is sent as PNG, whatever it arrived as, at most
 * 512 pixels a side, asking for 384 dimensions so the column fits; another size is refused.
 */
export function createOpenAIImageEmbedder(options: { apiKey?: string; baseURL?: string; model: string }): ImageEmbedder {
  const model = createOpenAI({ apiKey: options.apiKey ?? "not-needed", baseURL: options.baseURL }).embedding(options.model);
  return {
    kind: `openai-image:${options.model}:${DESCRIPTOR_DIMENSIONS}`,
    dimensions: DESCRIPTOR_DIMENSIONS,
    async embed(raster) {
      const png = await encodePng(raster, MODEL_IMAGE_SIDE);
      const { embeddings } = await embedMany({
        model,
        values: [`data:image/png;base64,${png.toString("base64")}`],
        maxRetries: 2,
        providerOptions: { openai: { dimensions: DESCRIPTOR_DIMENSIONS } },
      });
      const vector = embeddings[0];
      if (vector?.length !== DESCRIPTOR_DIMENSIONS) throw new Error(`The image embedding model answered ${vector?.length ?? 0} dimensions; ${DESCRIPTOR_DIMENSIONS} are needed.`);
      return vector;
    },
  };
}

/** The configured embedder: the model when ATELIER_IMAGE_EMBEDDING_MODEL names one, the offline descriptor otherwise. */
export function createConfiguredImageEmbedder(options: { model?: string; apiKey?: string; baseUrl?: string }): ImageEmbedder {
  return options.model ? createOpenAIImageEmbedder({ model: options.model, apiKey: options.apiKey, baseURL: options.baseUrl }) : descriptorEmbedder;
}

/**
 * The embedder image search must use, given the space the stored item vectors are in (recorded in
 * app_settings; none recorded means the descriptor, which the lazy index writes by default):
 * the configured one when the index is in its space; the descriptor while the index is still
 * descriptors (a query in the model's space would match nothing), with a warning to re-index;
 * the configured one, with a warning, when the index is of a model that is no longer configured.
 */
export function resolveImageEmbedder(recorded: string | null, configured: ImageEmbedder, warn: (message: string) => void): ImageEmbedder {
  const stored = recorded ?? DESCRIPTOR_KIND;
  if (stored === configured.kind) return configured;
  if (stored === DESCRIPTOR_KIND) {
    warn(`Item pictures are indexed with the offline descriptor, not ${configured.kind}: image search keeps the descriptor until \`npm run reindex-images\` (api/src/images/reindex-cli.ts) re-indexes them.`);
    return descriptorEmbedder;
  }
  warn(`Item pictures are indexed with ${stored}, which is not configured now (${configured.kind}): image search re-indexes them with ${configured.kind} as it goes; run \`npm run reindex-images\` (api/src/images/reindex-cli.ts) to do it at once.`);
  return configured;
}
