import crypto from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";

// The API's /agent-api forwarder tells the agent server who the visitor is (their address as the
// API resolved it) in a header only the forwarder can sign: the agent server shares the token
// secret, so the key is derived from it and no new setting is needed (docs/security.md).

/** The visitor's address, as the forwarder resolved it. */
export const VISITOR_ADDRESS_HEADER = "x-atelier-visitor-address";
/** Proves the request came through a forwarder that holds the token secret. */
export const FORWARDER_KEY_HEADER = "x-atelier-forwarder-key";

/** The forwarder's key: an HMAC of a fixed label under the token secret, so it never reveals the secret. */
export function forwarderKeyFor(secret: Uint8Array): string {
  return crypto.createHmac("sha256", secret).update("atelier agent forwarder v1").digest("base64url");
}

/** The visitor address a request carries when it came through the forwarder (right key); null otherwise. */
export function forwardedVisitorAddress(headers: IncomingHttpHeaders, key: string): string | null {
  const sent = headers[FORWARDER_KEY_HEADER];
  const address = headers[VISITOR_ADDRESS_HEADER];
  if (typeof sent !== "string" || typeof address !== "string" || !address || address.length > 64) return null;
  const a = Buffer.from(sent);
  const b = Buffer.from(key);
  return a.length === b.length && crypto.timingSafeEqual(a, b) ? address : null;
}
