import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { SignJWT, jwtVerify, errors as joseErrors } from "jose";
import type { TeamRole } from "@atelier/contracts";
import { forwarderKeyFor } from "./forwarder";
import { reviewLinkKeyFor } from "./review-links";

/** version 1 (main API), version 2 user and version 2 store (the v2 routes), per 000 §3; and a supplier member's (the inbox's other side). */
export type TokenType = "v1" | "v2-user" | "v2-store" | "supplier";

export type TokenClaims = {
  userId: string;
  storeId: string;
  role: TeamRole;
  isPreview: boolean;
  type: TokenType;
  /** A supplier session's supplier (its storeId is empty: it belongs to no store). */
  supplierId?: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
};

export type TokenService = {
  sign(claims: Omit<TokenClaims, "exp" | "type">, type: TokenType): Promise<{ token: string; exp: number }>;
  /** The claims of a signed, unexpired token; null for anything else. */
  verify(token: string): Promise<TokenClaims | null>;
  ttlSeconds: number;
  /** The /agent-api forwarder's key, derived from the same secret (auth/forwarder.ts). */
  forwarderKey: string;
  /** The key of signed per-order review links, derived from the same secret (auth/review-links.ts). */
  reviewLinkKey: Buffer;
};

const ISSUER = "atelier";

const VERIFIED_CAPACITY = 1000;

export function createTokenService(secret: Uint8Array, ttlSeconds: number): TokenService {
  // A token's claims are fixed by its signature and read nothing else, so a token verified once
  // stays valid until its expiry: repeated requests with one session skip the HMAC (WebCrypto's
  // is asynchronous and was a third of a GET's cost). Bounded; the oldest entry goes first.
  const verified = new Map<string, TokenClaims>();
  return {
    ttlSeconds,
    forwarderKey: forwarderKeyFor(secret),
    reviewLinkKey: reviewLinkKeyFor(secret),
    async sign(claims, type) {
      const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
      const token = await new SignJWT({ sid: claims.storeId, role: claims.role, pv: claims.isPreview, typ: type, ...(claims.supplierId ? { sup: claims.supplierId } : {}) })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(exp)
        .sign(secret);
      return { token, exp };
    },
    async verify(token) {
      const known = verified.get(token);
      if (known && known.exp * 1000 > Date.now()) return known;
      if (known) verified.delete(token);
      const claims = await verifySignature(token, secret);
      if (claims) {
        if (verified.size >= VERIFIED_CAPACITY) verified.delete(verified.keys().next().value!);
        verified.set(token, claims);
      }
      return claims;
    },
  };
}

async function verifySignature(token: string, secret: Uint8Array): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ["HS256"] });
    const type = payload.typ;
    if (type !== "v1" && type !== "v2-user" && type !== "v2-store" && type !== "supplier") return null;
    if (type === "supplier" && typeof payload.sup !== "string") return null;
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string" || typeof payload.exp !== "number") return null;
    return {
      userId: payload.sub,
      storeId: payload.sid,
      role: payload.role as TeamRole,
      isPreview: payload.pv === true,
      type,
      exp: payload.exp,
      ...(type === "supplier" ? { supplierId: payload.sup as string } : {}),
    };
  } catch (err) {
    if (err instanceof joseErrors.JOSEError) return null;
    throw err;
  }
}

/**
 * The signing secret: ATELIER_JWT_SECRET when set; otherwise one generated on first start and
 * kept in the data directory, so sessions survive a restart. With no data directory (tests) it lives
 * for the process.
 */
export function resolveJwtSecret(configured: string | undefined, dataDir: string | null): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  if (!dataDir) return crypto.randomBytes(32);
  const file = path.join(dataDir, "jwt-secret");
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(48).toString("base64url"), { mode: 0o600 });
  return new TextEncoder().encode(fs.readFileSync(file, "utf8").trim());
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The one token parser: the token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  return (header && BEARER.exec(header)?.[1]) || null;
}
