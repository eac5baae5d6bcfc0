import { useEffect, useState } from "react";
import { ApiError, type ResponseOf } from "@atelier/contracts";
import { getSourcingAgentGoal } from "@atelier/contracts/sourcing-agent";
import { request } from "../../api/client";
import { formatCountry, formatDay, formatUsd } from "../../format/format";

type Goal = ResponseOf<typeof getSourcingAgentGoal>;

const FIELD_NAMES: Record<string, string> = {
  productDescription: "The product description",
  targetDate: "The date",
  destinationCountryCode: "The destination",
  originCountryCode: "The origin country",
  budget: "The budget",
};

/** The goal the agent saved for this conversation (GET /web/sourcing-agent-goals), as the API holds it, with what is still missing. */
export function GoalCard({ threadId, refresh }: { threadId: string; refresh: number }) {
  const [goal, setGoal] = useState<Goal | null | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setFailed(false);
    request(getSourcingAgentGoal, { query: { conversationSid: threadId } }, { quiet: true }).then(
      (g) => live && setGoal(g),
      // No goal yet is a 404: the agent saves one once the user says what to make.
      (e: unknown) => live && (e instanceof ApiError && e.status === 404 ? setGoal(null) : setFailed(true)),
    );
    return () => {
      live = false;
    };
  }, [threadId, refresh]);
  if (failed) return <section className="card" aria-label="Goal"><strong>Goal</strong><p className="form-error" role="alert">The goal could not be loaded.</p></section>;
  if (goal === undefined) return <section className="card" aria-label="Goal"><strong>Goal</strong><p role="status">Loading…</p></section>;
  if (goal === null) return <section className="card" aria-label="Goal" data-testid="agent-goal"><strong>Goal</strong><p className="muted">No goal saved in this conversation yet: tell the agent what you want to make.</p></section>;
  const g = goal.goal;
  const rows: [string, string | null][] = [
    ["Product", g.productDescription],
    ["Quantity", g.quantity != null ? `${g.quantity.toLocaleString("en-US")} units` : null],
    ["Target price", g.targetUnitPrice != null ? `${formatUsd(g.targetUnitPrice)} per unit` : g.budget != null ? `Budget ${formatUsd(g.budget)}` : null],
    ["Ready by", g.targetDate && formatDay(g.targetDate)],
    ["Ships to", g.destinationCountryCode && formatCountry(g.destinationCountryCode)],
    ["Made in", g.originCountryCode && formatCountry(g.originCountryCode)],
    ["Materials", g.materials.join(", ") || null],
    ["Print and logo", g.printDetails],
    ["Packaging", g.packagingNeeds],
  ];
  return (
    <section className="card" aria-label="Goal" data-testid="agent-goal">
      <strong>Goal</strong>
      <dl className="agent-facts">
        {rows.map(([label, value]) => (
          <div key={label}><dt>{label}</dt><dd>{value ?? "Not given yet"}</dd></div>
        ))}
      </dl>
      {goal.validation.valid ? (
        <p className="muted">Factories have what they need to quote.</p>
      ) : (
        <ul className="muted" aria-label="Still needed">
          {goal.validation.questions.map((q) => <li key={q.field}>{q.question}</li>)}
          {goal.validation.problems.map((p) => <li key={p.field}>{FIELD_NAMES[p.field] ?? "One value"} {p.reason}.</li>)}
        </ul>
      )}
    </section>
  );
}
