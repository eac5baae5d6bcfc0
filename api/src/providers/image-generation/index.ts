import { createOfflineImageGenerator } from "./offline-drawing";
import { createOpenAiImageGenerator } from "./openai-images";
import type { ImageGenerator } from "./types";

export type { GeneratedImage, ImageGenerator, ImageRequest } from "./types";
export { OFFLINE_IMAGE_MODEL } from "./offline-drawing";

/**
 * The configured images model (ATELIER_IMAGE_MODEL) with the offline drawing behind it: a model
 * that fails, times out or answers too few pictures is logged and the offline drawing answers, so
 * a creator always gets their candidates (and credits are only kept for pictures delivered).
 */
export function createConfiguredImageGenerator(cfg: { model?: string; apiKey?: string; baseUrl?: string }, log: (message: string) => void = console.warn): ImageGenerator {
  const offline = createOfflineImageGenerator();
  if (!cfg.model) return offline;
  const model = createOpenAiImageGenerator({ model: cfg.model, apiKey: cfg.apiKey, baseUrl: cfg.baseUrl });
  return {
    async generate(req) {
      try {
        const answer = await model.generate(req);
        if (answer.images.length < req.count) throw new Error(`The images model drew ${answer.images.length} of ${req.count} pictures`);
        return answer;
      } catch (err) {
        log(`image generation fell back to the offline drawing: ${err instanceof Error ? err.message : String(err)}`);
        return offline.generate(req);
      }
    },
  };
}
