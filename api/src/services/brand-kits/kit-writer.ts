import { z } from "zod";
import { hexSchema, personaSchema, VALUE_PROPS, PALETTE_COLOURS } from "@atelier/contracts/brand-kits";

/**
 * Who writes a kit's text: a configured OpenAI-compatible model (chat completions, JSON output
 * checked by zod), else nobody (the offline generator writes it). The model's answer is only ever
 * taken after it validates; anything else is a failure the caller falls back from.
 */
export type KitWriter = {
  kind: "model" | "offline";
  label: string;
  /** Asks for JSON matching the schema; throws on a transport error or an answer that doesn't validate. */
  writeJson<S extends z.ZodType>(instructions: string, schema: S, signal?: AbortSignal): Promise<z.infer<S>>;
};

const text = (max: number) => z.string().trim().min(1).max(max);

/** What the model must answer for each task type. */
export const MODEL_OUTPUTS = {
  BRAND_IDEA: z.object({
    ideas: z.array(z.object({
      brandName: text(80),
      slogan: text(200),
      mission: text(1000),
      valueProps: z.array(text(300)).length(VALUE_PROPS),
      colorPalette: z.array(z.object({ hexCode: hexSchema, name: text(60), description: text(300) })).length(PALETTE_COLOURS),
    })).min(1).max(3),
  }),
  TARGET_AUDIENCE: z.object({ audiences: z.array(z.object({ name: text(120), description: text(1000), persona: personaSchema })).min(1).max(3) }),
  PRODUCT_SKU: z.object({ skus: z.array(z.object({ title: text(120), description: text(1000), suggestedRetailPrice: z.number().min(0).max(100000), popularity: z.number().int().min(0).max(100) })).min(1).max(6) }),
  MARKET_RESEARCH: z.object({ marketResearch: text(20000) }),
} as const;

export const offlineKitWriter: KitWriter = {
  kind: "offline",
  label: "offline generator",
  writeJson() {
    return Promise.reject(new Error("No language model is configured."));
  },
};

/** OPENAI_API_KEY / OPENAI_BASE_URL / ATELIER_MODEL as the graphs read them; none set: offline. */
export function createKitWriterFromEnv(env: Record<string, string | undefined>, fetchImpl: typeof fetch = fetch): KitWriter {
  const apiKey = env.OPENAI_API_KEY?.trim();
  const baseUrl = (env.OPENAI_BASE_URL?.trim() || (apiKey ? "https://api.openai.com/v1" : "")).replace(/\/$/, "");
  if (!baseUrl) return offlineKitWriter;
  const model = env.ATELIER_MODEL?.trim() || "gpt-4o-mini";
  return {
    kind: "model",
    label: model,
    async writeJson(instructions, schema, signal) {
      const res = await fetchImpl(`${baseUrl}/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${apiKey || "not-needed"}` },
        body: JSON.stringify({
          model,
          temperature: 0.8,
          response_format: { type: "json_object" },
          messages: [
            { role: "system", content: "You are a brand strategist for small consumer-product brands. Answer with one JSON object only, exactly in the shape asked for." },
            { role: "user", content: instructions },
          ],
        }),
        signal: signal ?? AbortSignal.timeout(60_000),
      });
      if (!res.ok) throw new Error(`The model answered HTTP ${res.status}.`);
      const body = (await res.json()) as { choices?: { message?: { content?: string | null } }[] };
      const content = body.choices?.[0]?.message?.content ?? "";
      const json = JSON.parse(content.replace(/^```(?:json)?\s*|\s*```$/g, "")) as unknown;
      return schema.parse(json);
    },
  };
}

let configured: KitWriter | null = null;
/** The process's writer, from its environment (read once). */
export function configuredKitWriter(): KitWriter {
  configured ??= createKitWriterFromEnv(process.env);
  return configured;
}
