import type { BodyOf, ResponseOf, ideation } from "@atelier/contracts";
import { requirePermission } from "../../auth/permissions";
import type { UserContext } from "../../context";
import { invalid } from "../../errors";
import { queueEmail } from "../../providers/outbox";
import { getUserById } from "../../queries/accounts";
import { findIdeaOr404, selectedIdeas } from "./ideation-dto";

const money = (n: number) => `$${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * E-mails a submitted idea's crowdfunding summary to the signed-in person, and only them: the body
 * names the address they were shown and agreed to, and it must be their own.
 */
export async function sendCrowdfundingEmailToSelf(ctx: UserContext, body: BodyOf<typeof ideation.sendCrowdfundingEmailToSelf>): Promise<ResponseOf<typeof ideation.sendCrowdfundingEmailToSelf>> {
  requirePermission(ctx, "ai.use");
  const row = await findIdeaOr404(ctx.pool, ctx.auth.storeId, body.ideaId);
  if (!row.submittedAt) throw invalid("body.ideaId", "is not submitted for crowdfunding yet: submit it first");
  const user = await getUserById(ctx.pool, ctx.auth.userId);
  if (!user?.email) throw invalid("body.confirmRecipient", "can't be checked: your account has no e-mail address");
  if (user.email.toLowerCase() !== body.confirmRecipient.toLowerCase()) throw invalid("body.confirmRecipient", `must be your own address (${user.email}): this e-mail only goes to you`);
  const products = selectedIdeas(row);
  const subject = `Your crowdfunding idea: ${row.title || "Untitled idea"}`;
  const text = [
    `Here is the idea you submitted for crowdfunding on Atelier.`,
    ``,
    row.title,
    row.pitch,
    ``,
    `Funding goal: ${row.fundingGoalCents === null ? "not set" : money(row.fundingGoalCents / 100)}`,
    `Shown to everyone: ${row.isPublic ? "yes" : "no"}`,
    ``,
    `Products:`,
    ...products.map((p) => `- ${p.title}: sells at ${money(p.suggestedRetailPrice)}${p.estimatedUnitCost === null ? "" : `, costs about ${money(p.estimatedUnitCost)} a unit landed`}${p.moq === null ? "" : `, orders from ${p.moq} units`}`),
  ].join("\n");
  await queueEmail(ctx.pool, { storeId: ctx.auth.storeId, to: user.email, subject, body: text, kind: "crowdfunding_idea_to_self", payload: { ideaId: row.id } });
  return { sentTo: user.email, subject };
}
