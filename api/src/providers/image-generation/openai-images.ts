import { z } from "zod";
import type { GeneratedImage, ImageGenerator, ImageRequest } from "./types";

// An OpenAI-compatible images endpoint: POST {baseUrl}/images/generations with
// { model, prompt, n, size, response_format: "b64_json" }, answering { created, data: [{ b64_json, revised_prompt }] }.

const answerSchema = z.object({
  data: z.array(z.object({ b64_json: z.string().min(1), revised_prompt: z.string().optional() })).min(1),
});

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function createOpenAiImageGenerator(opts: { model: string; apiKey?: string; baseUrl?: string; timeoutMs?: number }): ImageGenerator {
  const baseUrl = (opts.baseUrl ?? "https://api.openai.com/v1").replace(/\/$/, "");
  return {
    async generate(req: ImageRequest) {
      const res = await fetch(`${baseUrl}/images/generations`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}) },
        body: JSON.stringify({ model: opts.model, prompt: req.prompt, n: req.count, size: "1024x1024", response_format: "b64_json" }),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 120_000),
      });
      if (!res.ok) throw new Error(`The images model answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
      const answer = answerSchema.parse(await res.json());
      const images: GeneratedImage[] = answer.data.slice(0, req.count).map((d) => {
        const png = Buffer.from(d.b64_json, "base64");
        if (!png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error("The images model answered something that is not a PNG");
        // Width and height from the IHDR chunk, which follows the signature.
        return { png, width: png.readUInt32BE(16), height: png.readUInt32BE(20), revisedPrompt: d.revised_prompt ?? req.prompt };
      });
      return { model: opts.model, images };
    },
  };
}
