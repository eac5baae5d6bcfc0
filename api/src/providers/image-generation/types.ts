/** One generated picture: PNG bytes and what the model made of the prompt. */
export type GeneratedImage = { png: Buffer; width: number; height: number; revisedPrompt: string };

export type ImageRequest = { prompt: string; count: number; /** Seeds the offline drawing so each request differs and each is reproducible. */ seed: string };

/** Draws product images from a prompt. `model` is what the answer reports: the offline drawing or the configured model. */
export type ImageGenerator = {
  generate(req: ImageRequest): Promise<{ model: string; images: GeneratedImage[] }>;
};
