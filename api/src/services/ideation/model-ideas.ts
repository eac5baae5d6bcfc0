import { z } from "zod";
import { IDEAS_PER_ROUND, type ProductIdea } from "@atelier/contracts/ideation";
import type { Queryable } from "../../db/pool";
import type { KitWriter } from "../brand-kits/kit-writer";
import { rngFor } from "../brand-kits/offline/random";
import { groundedIdeas, type Brief } from "./write-ideas";

// Product ideas written by a configured model. The model never supplies a figure: it is shown the
// marketplace's costed candidates (the offline writer's, from the same listings), picks the ones
// that suit the brief and writes their title, description and pitch and a retail price; unit cost,
// margin, MOQ, suppliers, production time and the matching listings come from the marketplace.

/** Candidates shown to the model: twice a round, so it has a real choice. */
const CANDIDATES = IDEAS_PER_ROUND * 2;

const text = (max: number) => z.string().trim().min(1).max(max);

/** What the model must answer; anything else is a failure the caller falls back from. */
export const MODEL_IDEAS = z.object({
  ideas: z
    .array(z.object({ basedOn: z.number().int().min(1), title: text(120), description: text(600), whyItSells: text(600), suggestedRetailPrice: z.number().positive().max(100_000) }))
    .min(1)
    .max(IDEAS_PER_ROUND),
});

const money = (n: number) => `$${n.toFixed(2)}`;

function candidateLine(n: number, g: Awaited<ReturnType<typeof groundedIdeas>>[number]): string {
  const i = g.idea;
  const figures = [
    i.estimatedUnitCost === null ? "no similar listing, so no unit cost" : `landed unit cost ${money(i.estimatedUnitCost)}`,
    i.moq === null ? null : `MOQ ${i.moq}`,
    `${i.suppliers} suppliers`,
    i.productionDays ? `${i.productionDays.min}-${i.productionDays.max} production days` : null,
  ].filter(Boolean);
  return `${n}. ${g.productName} (${figures.join(", ")})`;
}

/**
 * One round written by the model, grounded in the marketplace. Throws when the model fails or
 * answers anything but valid ideas (an unknown or repeated candidate, a price at or below cost).
 */
export async function writeIdeasWithModel(db: Queryable, writer: KitWriter, brief: Brief, now: Date): Promise<ProductIdea[]> {
  const candidates = await groundedIdeas(db, brief, now, CANDIDATES);
  const want = Math.min(IDEAS_PER_ROUND, candidates.length);
  const limit = brief.maxUnitCost === null ? "" : ` They want to pay at most ${money(brief.maxUnitCost)} a unit.`;
  const out = await writer.writeJson(
    `A creator wants product ideas. Brief: "${brief.prompt}". Category: ${brief.category || "any"}.${limit}\n` +
      `Products the marketplace's suppliers make, with their real figures:\n${candidates.map((g, i) => candidateLine(i + 1, g)).join("\n")}\n` +
      `Pick the ${want} that suit the brief best and write one idea for each as {"ideas":[{"basedOn": candidate number, "title", "description" (one or two sentences, for the brief's audience), "whyItSells" (one sentence, no figures), "suggestedRetailPrice" (dollars, well above the landed unit cost)}]}. Use each candidate at most once.`,
    MODEL_IDEAS,
  );
  const used = new Set<number>();
  const rng = rngFor(brief.ideationId, "model-ideas", brief.round, now.toISOString());
  return out.ideas.map((m, k) => {
    const g = candidates[m.basedOn - 1];
    if (!g) throw new Error(`The model picked candidate ${m.basedOn}, which it was not shown.`);
    if (used.has(m.basedOn)) throw new Error(`The model used candidate ${m.basedOn} twice.`);
    used.add(m.basedOn);
    const cost = g.idea.estimatedUnitCost;
    const retail = Math.round(m.suggestedRetailPrice * 100) / 100;
    if (cost !== null && retail <= cost) throw new Error(`The model priced "${m.title}" at ${money(retail)}, at or below its ${money(cost)} landed cost.`);
    return {
      ...g.idea,
      uuid: rng.uuid(`idea-${k}-${m.title}`),
      title: m.title,
      description: m.description,
      // The pitch is the model's; the figures after it are the marketplace's.
      whyItSells: [m.whyItSells, ...g.marketFacts].join(" "),
      suggestedRetailPrice: retail,
      marginPercent: cost === null ? null : Math.round(((retail - cost) / retail) * 100),
      writtenBy: writer.label,
    };
  });
}
