import { useState } from "react";
import { PLAN_NAMES, PLAN_RANK, PLAN_TYPES, isSubscriptionActive, payments, plans, type BodyOf, type PlanType, type ResponseOf } from "../../api/contracts";

const { CANCELLATION_REASONS, OFFER_ANSWERS, RETENTION_OFFER, SAMPLES_NOT_ORDERED_REASONS } = payments;
import { request } from "../../api/client";
import { INVOICE_BEHAVIOR_WORDS, enumWords } from "@atelier/contracts/error-sentences";
import { reloadStoreRecord } from "../../session/store-record";
import { formatDate, formatUsd } from "../../format/format";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { OFFER_LABELS, RATING_BUCKETS, REASON_LABELS, SAMPLES_LABELS, canMove, visibleSurveySteps, type PlanStep } from "./plan-flow-state";

type Overview = ResponseOf<typeof plans.getPlanOverview>;
type Survey = Partial<BodyOf<typeof plans.cancelPlan>>;

/** The plan management flow: OVERVIEW → MANAGE_PLAN → VERIFY_PAUSE / VERIFY_CANCEL → PLAN_RESUMED / CONFIRMED_REQUEST_SENT. */
export function PlanFlow({ overview, onChanged, initialStep = "OVERVIEW" }: { overview: Overview; onChanged: (o: Overview) => void; initialStep?: PlanStep }) {
  const [step, setStep] = useState<PlanStep>(initialStep);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const go = (to: PlanStep) => canMove(step, to) && setStep(to);

  async function run(action: () => Promise<{ plan: Overview; result: string }>, to: PlanStep) {
    setBusy(true);
    try {
      const out = await action();
      // The route guard reads the store record (pause state, plan): it must know before the screen says so.
      await reloadStoreRecord();
      onChanged(out.plan);
      setResult(out.result);
      setStep(to);
    } catch {
      // The request client already showed the catalogue's message; the flow stays on its step.
    } finally {
      setBusy(false);
    }
  }

  const resume = () => void run(() => request(plans.resumePlan, {}), "PLAN_RESUMED");
  if (step === "OVERVIEW" && overview.isBlueprintPaused) {
    const resumesAt = overview.subscription?.resumesAt;
    return (
      <div className="plan-flow" data-step="OVERVIEW">
        <p className="big">{overview.name} · paused</p>
        <div className="plan-notice" role="status">
          <strong>Your plan is paused.</strong> While it is paused, the rest of Atelier is locked: every other page brings you back here. Nothing is charged.{" "}
          {resumesAt ? `It resumes by itself on ${formatDate(resumesAt)}.` : "It stays paused until you resume it."}
        </div>
        {overview.canManageBilling ? (
          <button type="button" className="primary" disabled={busy} onClick={resume}>Resume my plan</button>
        ) : (
          <p className="muted">Ask the store owner to resume the plan.</p>
        )}
        {canManage(overview) && <button type="button" onClick={() => go("MANAGE_PLAN")}>Manage plan</button>}
      </div>
    );
  }
  if (step === "OVERVIEW") {
    const change = overview.scheduledChange;
    return (
      <div className="plan-flow" data-step="OVERVIEW">
        <p className="big">{overview.name} · {formatUsd(overview.priceCents / 100)}/month</p>
        <p className="muted">{overview.subscriptionStatus ? `Subscription ${enumWords(overview.subscriptionStatus)}.` : "No paid subscription."}</p>
        {change && <p className="plan-notice" data-testid="scheduled-change">Changes to {change.name} on {formatDate(change.effectiveAt)}. You keep {overview.name} until then.</p>}
        {overview.upgradeTarget && (
          <UpgradeButton overview={overview} onChanged={onChanged} />
        )}
        {canManage(overview) && <button type="button" onClick={() => go("MANAGE_PLAN")}>Manage plan</button>}
      </div>
    );
  }
  if (step === "MANAGE_PLAN") {
    return (
      <div className="plan-flow" data-step="MANAGE_PLAN">
        <h3>Manage your {overview.name} plan</h3>
        {overview.isBlueprintPaused ? (
          <button type="button" className="primary" disabled={busy} onClick={resume}>Resume my plan</button>
        ) : (
          <>
            <button type="button" onClick={() => go("VERIFY_PAUSE")}>Pause my plan</button>
            {!overview.scheduledChange && <DowngradeButtons overview={overview} onChanged={onChanged} />}
          </>
        )}
        <button type="button" onClick={() => go("VERIFY_CANCEL")}>Cancel my plan</button>
        <button type="button" className="link-button" onClick={() => go("OVERVIEW")}>Back</button>
      </div>
    );
  }
  if (step === "VERIFY_PAUSE") return <VerifyPause busy={busy} onBack={() => go("MANAGE_PLAN")} onPause={(body) => void run(() => request(plans.pausePlan, { body }), "CONFIRMED_REQUEST_SENT")} />;
  if (step === "VERIFY_CANCEL") return <CancellationSurvey busy={busy} onBack={() => go("MANAGE_PLAN")} onSubmit={(body) => void run(() => request(plans.cancelPlan, { body }), "CONFIRMED_REQUEST_SENT")} />;
  if (step === "PLAN_RESUMED") {
    return (
      <div className="plan-flow" data-step="PLAN_RESUMED" role="status">
        <h3>Your plan is active again</h3>
        <p>Welcome back: {PLAN_NAMES[overview.planType]} is running and billing resumes with the next period.</p>
        <button type="button" onClick={() => go("OVERVIEW")}>Done</button>
      </div>
    );
  }
  return (
    <div className="plan-flow" data-step="CONFIRMED_REQUEST_SENT" role="status">
      <h3>{result === "OFFER_APPLIED" ? `${RETENTION_OFFER.percentOff}% off applied` : result === "PAUSED" ? "Your plan is paused" : "Your request was sent"}</h3>
      <p>
        {result === "OFFER_APPLIED"
          ? `You keep your plan at ${RETENTION_OFFER.percentOff}% off for the next ${RETENTION_OFFER.months} months.`
          : result === "PAUSED"
            ? "Nothing is charged while your plan is paused. Resume it any time from this page."
            : "Your plan is cancelled and your store is back on the Free plan. We're sorry to see you go."}
      </p>
      <button type="button" onClick={() => go("OVERVIEW")}>Done</button>
    </div>
  );
}

/** A running or paused subscription can be paused, resumed or cancelled; a cancelled one is history. */
function canManage(overview: Overview): boolean {
  return overview.canManageBilling && overview.subscription !== null && (overview.isBlueprintPaused || isSubscriptionActive(overview.subscriptionStatus));
}

type Quote = ResponseOf<typeof plans.getUpgradeQuote>;

/** The upgrade: a quote first (amount, card, date), charged only on the dialog's confirm. */
function UpgradeButton({ overview, onChanged }: { overview: Overview; onChanged: (o: Overview) => void }) {
  const [busy, setBusy] = useState(false);
  const [declined, setDeclined] = useState(false);
  const [quote, setQuote] = useState<Quote | null>(null);
  const target = overview.upgradeTarget!;
  const ask = () => {
    setBusy(true);
    request(plans.getUpgradeQuote, { query: { targetPlan: target.planType } }).then(setQuote, () => undefined).finally(() => setBusy(false));
  };
  const confirm = (q: Quote) => {
    setBusy(true);
    request(plans.upgradePlan, { body: { targetPlan: q.targetPlan, expectedAmountCents: q.amountCents } }, { idempotencyKey: crypto.randomUUID() })
      .then((out) => {
        setDeclined(out.result === "INSTRUMENT_DECLINED");
        onChanged(out.plan);
      }, () => undefined)
      .finally(() => {
        setBusy(false);
        setQuote(null);
      });
  };
  return (
    <div>
      <button type="button" className="primary" disabled={busy || !overview.canManageBilling} onClick={ask}>
        Upgrade to {target.name} · {formatUsd(target.priceCents / 100)}/month
      </button>
      {!overview.defaultPaymentMethod && <p className="muted">Add a card under payment methods first.</p>}
      {declined && <p className="form-error" role="alert">Your card was declined. Try another card.</p>}
      {quote && (
        <ConfirmDialog
          title={`Upgrade to ${quote.name}?`}
          confirmLabel={`Pay ${formatUsd(quote.amountCents / 100)} and upgrade`}
          busy={busy}
          onCancel={() => setQuote(null)}
          onConfirm={() => confirm(quote)}
        >
          <p data-testid="upgrade-quote">
            <strong>{formatUsd(quote.amountCents / 100)}</strong> charged today, {formatDate(quote.chargedAt)}, to{" "}
            {quote.paymentMethod ? `${quote.paymentMethod.brand} •••• ${quote.paymentMethod.last4}` : "your default card"}.
          </p>
          <p className="muted">{quote.explanation}.</p>
          <p className="muted">
            {quote.prorated ? `From ${formatDate(quote.periodEnd)} the plan costs ${formatUsd(quote.fullPriceCents / 100)}/month.` : `Then ${formatUsd(quote.fullPriceCents / 100)}/month from ${formatDate(quote.periodEnd)}.`}
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

/** Moves to a lower paid plan, at the end of the paid period (Free is cancelling). */
function DowngradeButtons({ overview, onChanged }: { overview: Overview; onChanged: (o: Overview) => void }) {
  const [target, setTarget] = useState<PlanType | null>(null);
  const [busy, setBusy] = useState(false);
  const lower = PLAN_TYPES.filter((p) => p !== "TIER_1" && PLAN_RANK[p] < PLAN_RANK[overview.planType]);
  if (!overview.canManageBilling || lower.length === 0) return null;
  const end = overview.subscription?.currentPeriodEnd;
  return (
    <>
      {lower.map((p) => <button key={p} type="button" onClick={() => setTarget(p)}>Move to {PLAN_NAMES[p]}</button>)}
      {target && (
        <ConfirmDialog
          title={`Move to ${PLAN_NAMES[target]}?`}
          confirmLabel={`Move to ${PLAN_NAMES[target]}${end ? ` on ${formatDate(end)}` : ""}`}
          busy={busy}
          onCancel={() => setTarget(null)}
          onConfirm={() => {
            setBusy(true);
            request(plans.downgradePlan, { body: { targetPlan: target } })
              .then((out) => onChanged(out.plan), () => undefined)
              .finally(() => {
                setBusy(false);
                setTarget(null);
              });
          }}
        >
          <p>
            You keep {overview.name} until {end ? formatDate(end) : "the end of the paid period"}; then your plan becomes {PLAN_NAMES[target]} at{" "}
            {formatUsd(plans.PLAN_PRICES_CENTS[target] / 100)}/month. Nothing is charged or refunded today.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** What a pause does, said before it is done: the app locks, nothing is charged, and when it comes back. */
function VerifyPause({ busy, onBack, onPause }: { busy: boolean; onBack: () => void; onPause: (b: BodyOf<typeof plans.pausePlan>) => void }) {
  const [behavior, setBehavior] = useState<BodyOf<typeof plans.pausePlan>["behavior"]>("keep_as_draft");
  const [resumesAt, setResumesAt] = useState("");
  return (
    <form className="form plan-flow" data-step="VERIFY_PAUSE" onSubmit={(e) => { e.preventDefault(); onPause({ behavior, resumesAt: resumesAt ? new Date(`${resumesAt}T00:00:00`).toISOString() : undefined }); }}>
      <h3>Pause your plan?</h3>
      <div className="plan-notice" data-testid="pause-warning">
        <p>
          <strong>While your plan is paused, Atelier is locked.</strong> Every page except this account page, business kits and the playground
          brings you back here, and your assistants, sourcing and orders wait until you resume. Nothing is charged while paused.
        </p>
        <p>{resumesAt ? `Your plan resumes by itself on ${formatDate(`${resumesAt}T00:00:00`)}.` : "Your plan stays paused until you resume it here."}</p>
      </div>
      <label>
        While paused, invoices are
        <select value={behavior} onChange={(e) => setBehavior(e.target.value as typeof behavior)}>
          <option value="keep_as_draft">{INVOICE_BEHAVIOR_WORDS.keep_as_draft}</option>
          <option value="mark_uncollectible">{INVOICE_BEHAVIOR_WORDS.mark_uncollectible}</option>
          <option value="void">{INVOICE_BEHAVIOR_WORDS.void}</option>
        </select>
      </label>
      {/* The day is the user's own: local midnight, as the warning above says it. */}
      <label>Resume automatically on (optional)<input type="date" value={resumesAt} onChange={(e) => setResumesAt(e.target.value)} /></label>
      <div className="dialog-actions">
        <button type="button" onClick={onBack}>Back</button>
        <button type="submit" className="primary" disabled={busy}>Pause plan</button>
      </div>
    </form>
  );
}

/** The full cancellation survey, one question at a time, then the final cancel button. */
function CancellationSurvey({ busy, onBack, onSubmit }: { busy: boolean; onBack: () => void; onSubmit: (b: BodyOf<typeof plans.cancelPlan>) => void }) {
  const [answers, setAnswers] = useState<Survey>({});
  const [index, setIndex] = useState(0);
  const steps = visibleSurveySteps(answers);
  const step = steps[index];
  const set = (patch: Survey) => setAnswers({ ...answers, ...patch });
  const answered = step === "suggestions" || step === undefined || answers[step] !== undefined;
  const complete = steps.every((s) => s === "suggestions" || answers[s] !== undefined);
  const choice = <T extends string>(name: keyof Survey, options: readonly T[], labels: Record<T, string>) => (
    <fieldset>
      {options.map((o) => (
        <label key={o} className="choice">
          <input type="radio" name={name} checked={answers[name] === o} onChange={() => set({ [name]: o } as Survey)} /> {labels[o]}
        </label>
      ))}
    </fieldset>
  );
  return (
    <form
      className="form plan-flow"
      data-step="VERIFY_CANCEL"
      // Enter in a field never cancels: only the final button's own click does.
      onSubmit={(e) => e.preventDefault()}
    >
      <h3>Before you go ({Math.min(index + 1, steps.length)} of {steps.length})</h3>
      {step === "reason" && (<><p>Why are you cancelling?</p>{choice("reason", CANCELLATION_REASONS, REASON_LABELS)}</>)}
      {step === "rating" && (<><p>How likely are you to recommend us to a friend (0–10)?</p>{choice("rating", RATING_BUCKETS, Object.fromEntries(RATING_BUCKETS.map((b) => [b, b])) as Record<(typeof RATING_BUCKETS)[number], string>)}</>)}
      {step === "bookCall" && (
        <>
          <p>Would you like a call with our team before you decide?</p>
          <fieldset>
            <label className="choice"><input type="radio" name="bookCall" checked={answers.bookCall === true} onChange={() => set({ bookCall: true })} /> Yes, book a call</label>
            <label className="choice"><input type="radio" name="bookCall" checked={answers.bookCall === false} onChange={() => set({ bookCall: false })} /> No</label>
          </fieldset>
        </>
      )}
      {step === "samplesNotOrderedReason" && (<><p>Why didn't you order samples?</p>{choice("samplesNotOrderedReason", SAMPLES_NOT_ORDERED_REASONS, SAMPLES_LABELS)}</>)}
      {step === "offerAnswer" && (<><p>Stay for {RETENTION_OFFER.percentOff}% off your plan for {RETENTION_OFFER.months} months?</p>{choice("offerAnswer", OFFER_ANSWERS, OFFER_LABELS)}</>)}
      {step === "suggestions" && (
        <label>What could we do better? (optional)<textarea maxLength={2000} rows={4} value={answers.suggestions ?? ""} onChange={(e) => set({ suggestions: e.target.value })} /></label>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={() => (index === 0 ? onBack() : setIndex(index - 1))}>Back</button>
        {/* Two elements under their own keys: were Next to become the final button under the click,
            the browser would run the changed button's action (a real click's default runs after
            React re-renders), and step 5's Next would cancel the plan. */}
        {index < steps.length - 1 ? (
          <button key="next" type="button" className="primary" disabled={!answered} onClick={() => setIndex(index + 1)}>Next</button>
        ) : (
          <button
            key="final"
            type="button"
            className="primary"
            disabled={!complete || busy}
            onClick={() => onSubmit({ ...answers, suggestions: answers.suggestions ?? "" } as BodyOf<typeof plans.cancelPlan>)}
          >
            {answers.offerAnswer === "YES" ? "Keep my plan at 40% off" : "Cancel my plan"}
          </button>
        )}
      </div>
    </form>
  );
}
