// Writes docs/routes.md from the route table: `npx tsx web/scripts/routes-doc.ts > docs/routes.md`.
import { ROUTES } from "../src/routes/route-table";
import { REDIRECTS } from "../src/routes/redirects";

const access: Record<string, string> = { public: "public", user: "logged in", v2: "logged in, version-2 token", analytics: "logged in, analytics flag", playground: "outside production" };
const described: Record<string, string> = {
  login: "built: log in and registration",
  homebase: "built: plan, next steps, milestone, areas, guided tour",
  "account-info": "built: profile, plan flow with cancellation survey, payment methods, AI credits, billing history, team",
  "not-found": "built",
  playground: "built: formats, links, tokens, route rules",
  "track-order": "built: a buyer looks an order up by its number and e-mail or postcode, or from a carrier link; status and tracking timeline",
  "help-centre": "built: help centre, articles by topic and search",
  "help-article": "built: one help article, with \"Ask the assistant\" about it",
  orders: "built: customer orders by tab (000 §4), search, sort, server paging, bulk hold/release/cancel",
  "order-details": "built: lines, customer, holds with release, timeline and notes, hold and cancel, send to fulfilment with live shipment progress and tracking",
  "inbox-messages": "built: conversations with suppliers, unread counts, search, live messages and typing, attachments, mark unread, archive (the supplier side answers at `/supplier/inbox`)",
  inventory: "built: Products, stock per SKU and bin (on hand, reserved, available), low and out-of-stock tabs, search, sort, server paging, adjustments with reasons and the stock history, add a SKU",
};
const lines = [
  "# Routes",
  "",
  "Every route of 000 §2.1–2.4 as the web client registers it (`web/src/routes/route-table.ts`), its guard, and whether its screen is built. A *pending* route shows the shared page frame with its chat entry and the line below; its capability belongs to a later issue. Regenerate with `npx tsx web/scripts/routes-doc.ts > docs/routes.md`; `web/test/routes.test.ts` checks every route is listed. The assistant panel (chat) is on every logged-in screen.",
  "",
  "| Route | Guard | Status |",
  "|---|---|---|",
];
for (const r of ROUTES) {
  const guard = `${access[r.access]}${r.alwaysReachable ? ", always reachable" : ""}${r.flag ? ` (flag \`${r.flag}\`)` : ""}`;
  const status = r.screen === "pending" ? `pending: ${r.pending} is not built yet` : (described[r.screen] ?? `built (${r.screen})`);
  lines.push(`| \`${r.path}\` | ${guard} | ${status} |`);
}
lines.push("", "## Redirects (000 §2.5)", "", "| From | To |", "|---|---|");
for (const r of REDIRECTS) lines.push(`| \`${r.from}\` | \`${r.to}\`${r.dropQuery ? " (query dropped)" : " (query kept)"} |`);
lines.push("", "Unknown paths go to `/404`; `/` goes to `/homebase`.", "");
process.stdout.write(lines.join("\n"));
