import crypto from "node:crypto";

// Signed per-order review links (issue 14, item 6): `<order item id>.<HMAC>`, under a key derived
// from the token secret, so a link proves that this order exists without a table of links.

const ORDER_ITEM_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function reviewLinkKeyFor(secret: Uint8Array): Buffer {
  return crypto.createHmac("sha256", secret).update("atelier review links v1").digest();
}

function mac(key: Buffer, orderItemId: string): string {
  return crypto.createHmac("sha256", key).update(orderItemId).digest("base64url");
}

export function signReviewLink(key: Buffer, orderItemId: string): string {
  return `${orderItemId}.${mac(key, orderItemId)}`;
}

/** The order item a review link was signed for; null for anything not signed with this key. */
export function verifyReviewLink(key: Buffer, token: string): string | null {
  const [id, given, ...rest] = token.split(".");
  if (rest.length || !id || !given || !ORDER_ITEM_ID.test(id)) return null;
  const expected = Buffer.from(mac(key, id));
  const actual = Buffer.from(given);
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected) ? id : null;
}
