import { useState } from "react";

/**
 * The public order-tracking frame: a shopper enters the order number and email of their receipt.
 * The lookup itself belongs to the orders capability; until it exists the page says so.
 */
export function TrackOrderPage() {
  const [submitted, setSubmitted] = useState(false);
  return (
    <section className="page narrow" aria-labelledby="track-title">
      <h1 id="track-title">Track your order</h1>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          setSubmitted(true);
        }}
      >
        <label>Order number<input name="orderNumber" required maxLength={40} /></label>
        <label>Email used for the order<input name="email" type="email" required maxLength={254} /></label>
        <button className="button primary" type="submit">Track</button>
      </form>
      {submitted && <p role="status" className="pending-note">Order lookup is not built yet: the orders capability arrives with fulfilment.</p>}
    </section>
  );
}
