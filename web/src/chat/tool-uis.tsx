import type { ComponentType } from "react";
import { formatUsd } from "../format/format";

type ToolProps = { toolName: string; args: Record<string, unknown>; result?: unknown; status: { type: string } };

function parse(result: unknown): Record<string, unknown> | null {
  if (result && typeof result === "object") return result as Record<string, unknown>;
  if (typeof result !== "string") return null;
  try {
    const v: unknown = JSON.parse(result);
    return v && typeof v === "object" ? (v as Record<string, unknown>) : null;
  } catch {
    // A plain-text tool answer has no fields to show as a card; the fallback prints it.
    return null;
  }
}

const str = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : "");
const items = (r: Record<string, unknown> | null): Record<string, unknown>[] => {
  const list = r?.list ?? r?.items ?? r?.suppliers ?? r?.factories;
  return Array.isArray(list) ? (list as Record<string, unknown>[]) : r ? [r] : [];
};

function Pending({ toolName }: { toolName: string }) {
  return <div className="tool-card pending" data-tool={toolName}>Working: {toolName.replace(/_/g, " ")}…</div>;
}

function SupplierCard({ toolName, result, status }: ToolProps) {
  if (status.type === "running") return <Pending toolName={toolName} />;
  return (
    <div className="tool-card" data-tool={toolName} data-card="supplier">
      {items(parse(result)).slice(0, 5).map((s, i) => (
        <div key={str(s.id) || i} className="tool-row"><strong>{str(s.name) || str(s.title) || "Supplier"}</strong> <span className="muted">{[str(s.countryCode ?? s.country), str(s.moq ? `MOQ ${str(s.moq)}` : "")].filter(Boolean).join(" · ")}</span></div>
      ))}
    </div>
  );
}

function ProductCard({ toolName, result, status }: ToolProps) {
  if (status.type === "running") return <Pending toolName={toolName} />;
  return (
    <div className="tool-card" data-tool={toolName} data-card="product">
      {items(parse(result)).slice(0, 5).map((p, i) => (
        <div key={str(p.id) || i} className="tool-row"><strong>{str(p.title) || str(p.name) || "Product"}</strong> {typeof p.priceCents === "number" && <span>{formatUsd(p.priceCents / 100)}</span>}</div>
      ))}
    </div>
  );
}

function OrderCard({ toolName, result, status }: ToolProps) {
  if (status.type === "running") return <Pending toolName={toolName} />;
  return (
    <div className="tool-card" data-tool={toolName} data-card="order">
      {items(parse(result)).slice(0, 5).map((o, i) => (
        <div key={str(o.id) || i} className="tool-row"><strong>Order {str(o.orderNumber) || str(o.id).slice(0, 8)}</strong> <span className="muted">{str(o.status ?? o.processingStatus)}</span> {typeof o.totalCents === "number" && formatUsd(o.totalCents / 100)}</div>
      ))}
    </div>
  );
}

function PlanCard({ toolName, result, status }: ToolProps) {
  if (status.type === "running") return <Pending toolName={toolName} />;
  const r = parse(result);
  const plan = (r?.plan ?? r) as Record<string, unknown> | null;
  return (
    <div className="tool-card" data-tool={toolName} data-card="plan">
      <strong>{str(plan?.name) || str(plan?.planType) || "Plan"}</strong>
      {typeof plan?.priceCents === "number" && <span> · {formatUsd(plan.priceCents / 100)}/month</span>}
      {r?.result !== undefined && <div className="muted">{str(r.result).toLowerCase().replace(/_/g, " ")}</div>}
      {typeof (plan?.aiCredits as { balance?: number } | undefined)?.balance === "number" && <div className="muted">{(plan!.aiCredits as { balance: number }).balance} AI credits</div>}
    </div>
  );
}

function CreditsCard({ toolName, result, status }: ToolProps) {
  if (status.type === "running") return <Pending toolName={toolName} />;
  const r = parse(result);
  return (
    <div className="tool-card" data-tool={toolName} data-card="credits">
      {typeof r?.credits === "number" && <strong>+{r.credits.toLocaleString("en-US")} credits </strong>}
      {typeof r?.priceCents === "number" && <span>for {formatUsd(r.priceCents / 100)} </span>}
      {typeof r?.balance === "number" && <span className="muted">· balance {r.balance.toLocaleString("en-US")}</span>}
      {typeof r?.result === "string" && <div className="muted">{r.result.toLowerCase().replace(/_/g, " ")}</div>}
    </div>
  );
}

/** Any tool without its own card: its name, arguments and answer. */
export function ToolFallback({ toolName, args, result, status }: ToolProps) {
  if (status.type === "running") return <Pending toolName={toolName} />;
  return (
    <details className="tool-card" data-tool={toolName} data-card="fallback">
      <summary>{toolName.replace(/_/g, " ")}</summary>
      <pre>{JSON.stringify(args, null, 1)}</pre>
      {result !== undefined && <pre>{typeof result === "string" ? result.slice(0, 2000) : JSON.stringify(result, null, 1).slice(0, 2000)}</pre>}
    </details>
  );
}

/** Tool UIs by tool name (assistant-ui's by_name), one place for every card. */
export function toolUis(names: string[]): Record<string, ComponentType<ToolProps>> {
  const byName: Record<string, ComponentType<ToolProps>> = {};
  for (const name of names) {
    if (/supplier|factor|compan/.test(name)) byName[name] = SupplierCard;
    else if (/order|shipment|receiving|return/.test(name)) byName[name] = OrderCard;
    else if (/credit/.test(name)) byName[name] = CreditsCard;
    else if (/plan|subscription/.test(name)) byName[name] = PlanCard;
    else if (/product|catalog|item/.test(name)) byName[name] = ProductCard;
  }
  return byName;
}

/** Picks the card for a tool call: its own when one fits its name, the fallback otherwise. */
export function ToolCard(props: ToolProps) {
  const Card = toolUis([props.toolName])[props.toolName] ?? ToolFallback;
  return <Card {...props} />;
}
