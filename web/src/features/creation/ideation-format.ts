import type { Ideation, ProductIdea } from "@atelier/contracts/ideation";

const plural = (n: number, one: string) => `${n.toLocaleString("en-US")} ${one}${n === 1 ? "" : "s"}`;

/** Dollars as the screens show them: "$24.99". */
export const dollars = (n: number) => `$${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** What the next round costs, in a sentence. */
export function ideaRoundSentence(cost: Ideation["cost"]): string {
  if (cost.nextRoundCredits === 0) return `Free: ${plural(cost.freeRoundsLeft, "free round")} left today. Each round writes 6 ideas.`;
  return `Each round writes 6 ideas for ${plural(cost.nextRoundCredits, "AI credit")}. You have ${plural(cost.creditBalance, "credit")}.`;
}

/** An idea's supply facts in one line: cost, margin, minimum order, suppliers. */
export function ideaFacts(idea: ProductIdea): string {
  const parts: string[] = [];
  if (idea.estimatedUnitCost !== null) parts.push(`costs about ${dollars(idea.estimatedUnitCost)} a unit`);
  if (idea.marginPercent !== null) parts.push(`${idea.marginPercent} % margin`);
  if (idea.moq !== null) parts.push(`orders from ${idea.moq.toLocaleString("en-US")} units`);
  parts.push(idea.suppliers ? plural(idea.suppliers, "supplier") : "no listed supplier yet");
  if (idea.productionDays) parts.push(`made in ${idea.productionDays.min}–${idea.productionDays.max} days`);
  return parts.join(" · ");
}
