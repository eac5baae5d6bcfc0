// The tag-manager data layer (001 §7): the web client pushes commonView, addToCart (itemId, price,
// currency USD, userId), purchase, FirstTimePurchases, ecommerce_transaction and userRegister where
// they happen. A tag manager loaded on the page reads window.dataLayer; without one the array
// simply collects the events, so pushing never fails and never waits.

export type DataLayerEvent =
  | { event: "commonView"; pagePath: string; userId: string | null }
  | { event: "addToCart"; itemId: string; price: number; currency: "USD"; userId: string | null }
  | { event: "purchase" | "ecommerce_transaction" | "FirstTimePurchases"; transactionId: string; value: number; currency: "USD"; userId: string | null }
  | { event: "userRegister"; userId: string; userType: string };

type WithDataLayer = { dataLayer?: unknown[] };

/** Pushes one event; a broken data layer (a script replaced it with something else) is left alone. */
export function pushDataLayer(event: DataLayerEvent, win: WithDataLayer = window as unknown as WithDataLayer): void {
  try {
    win.dataLayer = Array.isArray(win.dataLayer) ? win.dataLayer : [];
    win.dataLayer.push(event);
  } catch (err) {
    console.warn("data layer event not pushed", err);
  }
}

/** A purchase pushes purchase and ecommerce_transaction, and FirstTimePurchases when it is the store's first. */
export function pushPurchase(p: { transactionId: string; valueUsd: number; userId: string | null; firstPurchase: boolean }, win?: WithDataLayer): void {
  const base = { transactionId: p.transactionId, value: Math.round(p.valueUsd * 100) / 100, currency: "USD" as const, userId: p.userId };
  pushDataLayer({ event: "purchase", ...base }, win);
  pushDataLayer({ event: "ecommerce_transaction", ...base }, win);
  if (p.firstPurchase) pushDataLayer({ event: "FirstTimePurchases", ...base }, win);
}
