import { durationWords, type ScorecardFigure, type SupplierScorecard } from "@atelier/contracts/supplier-scorecards";
import "./supplier-scorecard.css";

// A supplier's scorecard from the store's own records, shared by the supplier's page, the ranked
// list of the store's suppliers and the chat's tool card (so it lives in ui, not in one feature).

/** A rate as a whole percent, or a dash while there is not enough data. */
export const ratePercent = (f: ScorecardFigure) => (f.rate === null ? "—" : `${Math.round(f.rate * 100)} %`);

/** The score out of 100, or words when there is none yet. */
export const reliabilityWords = (s: Pick<SupplierScorecard, "reliability">) => (s.reliability === null ? "Not enough data yet" : `${s.reliability} / 100`);

const FIGURES: [keyof Pick<SupplierScorecard, "onTime" | "accuracy" | "damage" | "qcPass" | "defects">, string][] = [
  ["onTime", "On time"],
  ["accuracy", "Units arrived sound"],
  ["damage", "Damaged on arrival"],
  ["qcPass", "Quality checks passed"],
  ["defects", "Defects per unit sampled"],
];

function FigureCell({ label, figure }: { label: string; figure: ScorecardFigure }) {
  return (
    <div className="scorecard-figure" data-testid="scorecard-figure">
      <span className="scorecard-label">{label}</span>
      <strong className="scorecard-rate">{ratePercent(figure)}</strong>
      <span className="muted scorecard-words">{figure.words}</span>
    </div>
  );
}

/** The card: the score, the summary sentence and every figure with its counts. */
export function SupplierScorecardCard({ scorecard: s, title = "Your record with this supplier" }: { scorecard: SupplierScorecard; title?: string }) {
  return (
    <section className="scorecard" data-testid="supplier-scorecard" aria-label={title}>
      <div className="scorecard-head">
        <strong>{title}</strong>
        <span className={`scorecard-score${s.reliability === null ? " scorecard-score-none" : ""}`}>{reliabilityWords(s)}</span>
      </div>
      <p className="scorecard-summary">{s.summary}</p>
      {s.hasDealings && (
        <div className="scorecard-grid">
          {FIGURES.map(([key, label]) => <FigureCell key={key} label={label} figure={s[key]} />)}
          <div className="scorecard-figure" data-testid="scorecard-figure">
            <span className="scorecard-label">First reply in your inbox</span>
            <strong className="scorecard-rate">{s.replyTime.medianMinutes === null ? "—" : durationWords(s.replyTime.medianMinutes)}</strong>
            <span className="muted scorecard-words">{s.replyTime.words}</span>
          </div>
        </div>
      )}
    </section>
  );
}
