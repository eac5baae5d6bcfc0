/** The claims of a JWT payload, decoded without verification (the API verifies). */
export function decodeToken(token: string): { exp?: number; [key: string]: unknown } | null {
  const part = token.split(".")[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(part.length / 4) * 4, "="));
    const payload: unknown = JSON.parse(json);
    return payload && typeof payload === "object" ? (payload as { exp?: number }) : null;
  } catch {
    // A token that does not decode is simply not valid; the caller treats it as absent.
    return null;
  }
}

/** Valid only if it decodes and its expiry is in the future (000 §5). */
export function isTokenValid(token: string | null | undefined, nowMs: number = Date.now()): token is string {
  if (!token) return false;
  const claims = decodeToken(token);
  return typeof claims?.exp === "number" && claims.exp * 1000 > nowMs;
}
