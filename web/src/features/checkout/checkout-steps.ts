/** Checkout steps of 000 §2.7, in order. */
export const CHECKOUT_STEPS = ["ORDER_OVERVIEW", "SHIPPING_DETAILS", "PAYMENT", "PURCHASE_SUCCESS"] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export const STEP_LABELS: Record<CheckoutStep, string> = {
  ORDER_OVERVIEW: "Order overview",
  SHIPPING_DETAILS: "Shipping details",
  PAYMENT: "Payment",
  PURCHASE_SUCCESS: "Purchase success",
};

/** What decides which steps can be open: the cart, its address, and whether it was just paid. */
export type CheckoutFacts = { cartItemCount: number; hasShippingAddress: boolean; paid: boolean };

/** The `step` query value as a step; unknown values start at the overview. */
export function stepFromQuery(value: string | null): CheckoutStep {
  const wanted = (value ?? "").toUpperCase().replace(/-/g, "_");
  return (CHECKOUT_STEPS as readonly string[]).includes(wanted) ? (wanted as CheckoutStep) : "ORDER_OVERVIEW";
}

/** Whether a step can be shown: success only after payment; the rest need a cart, and payment needs an address. */
export function canEnter(step: CheckoutStep, facts: CheckoutFacts): boolean {
  if (facts.paid) return step === "PURCHASE_SUCCESS";
  switch (step) {
    case "ORDER_OVERVIEW":
      return true;
    case "SHIPPING_DETAILS":
      return facts.cartItemCount > 0;
    case "PAYMENT":
      return facts.cartItemCount > 0 && facts.hasShippingAddress;
    case "PURCHASE_SUCCESS":
      return false;
  }
}

/** The step to show for a requested one: the furthest step up to it that can be entered (a shared link cannot skip ahead). */
export function resolveStep(requested: CheckoutStep, facts: CheckoutFacts): CheckoutStep {
  if (facts.paid) return "PURCHASE_SUCCESS";
  const upTo = CHECKOUT_STEPS.slice(0, CHECKOUT_STEPS.indexOf(requested) + 1);
  return [...upTo].reverse().find((s) => canEnter(s, facts)) ?? "ORDER_OVERVIEW";
}

export function nextStep(step: CheckoutStep): CheckoutStep | null {
  return CHECKOUT_STEPS[CHECKOUT_STEPS.indexOf(step) + 1] ?? null;
}

/** Back is offered before payment only: after a purchase there is nothing to go back to. */
export function previousStep(step: CheckoutStep): CheckoutStep | null {
  if (step === "PURCHASE_SUCCESS") return null;
  return CHECKOUT_STEPS[CHECKOUT_STEPS.indexOf(step) - 1] ?? null;
}

/** A card expiry typed as MM/YY or MM/YYYY; null when it is not a month and year. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!m) return null;
  const expMonth = Number(m[1]);
  const year = Number(m[2]);
  if (expMonth < 1 || expMonth > 12) return null;
  return { expMonth, expYear: m[2]!.length === 2 ? 2000 + year : year };
}

/** Whether a parsed expiry is still valid this month (cards are good through their expiry month). */
export function isExpired(expiry: { expMonth: number; expYear: number }, now = new Date()): boolean {
  const y = now.getFullYear();
  const m = now.getMonth() + 1;
  return expiry.expYear < y || (expiry.expYear === y && expiry.expMonth < m);
}

/** Groups a card number in fours as it is typed (digits only, at most 19). */
export function formatCardNumber(text: string): string {
  return text.replace(/\D/g, "").slice(0, 19).replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** What the payment result means for the person paying. */
export function paymentMessage(result: "COMPLETED" | "INSTRUMENT_DECLINED"): string {
  return result === "COMPLETED"
    ? "Payment complete. Your orders are now in production."
    : "Your card was declined. Nothing was charged and your items are still in the cart; try another card.";
}
