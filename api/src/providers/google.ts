import fs from "node:fs";
import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, errors as joseErrors, type JSONWebKeySet } from "jose";
import { AppError } from "../errors";

export type GoogleIdentity = { sub: string; email: string; emailVerified: boolean; name: string | null };

export type GoogleVerifier = {
  configured: boolean;
  /** The identity in a Google ID token whose signature, issuer, audience and expiry check out. */
  verify(idToken: string): Promise<GoogleIdentity>;
};

const ISSUERS = ["accounts.google.com", "https://accounts.google.com"];

/**
 * Verifies Google ID tokens against Google's published key set, or a key set from a file
 * (GOOGLE_JWKS_FILE: an offline install, or tests with a locally generated key).
 */
export function createGoogleVerifier(options: { clientId?: string; jwksUrl: string; jwksFile?: string; jwks?: JSONWebKeySet }): GoogleVerifier {
  const { clientId } = options;
  if (!clientId) {
    return {
      configured: false,
      async verify() {
        throw new AppError("UNAVAILABLE", "Google sign-in is not configured on this server. Set GOOGLE_CLIENT_ID to enable it.");
      },
    };
  }
  const keySet = options.jwks
    ? createLocalJWKSet(options.jwks)
    : options.jwksFile
      ? createLocalJWKSet(JSON.parse(fs.readFileSync(options.jwksFile, "utf8")) as JSONWebKeySet)
      : createRemoteJWKSet(new URL(options.jwksUrl));
  return {
    configured: true,
    async verify(idToken) {
      try {
        const { payload } = await jwtVerify(idToken, keySet, { issuer: ISSUERS, audience: clientId, algorithms: ["RS256"] });
        if (typeof payload.sub !== "string" || typeof payload.email !== "string") {
          throw new AppError("UNAUTHORIZED", "The Google token carries no account email.");
        }
        return {
          sub: payload.sub,
          email: payload.email.toLowerCase(),
          emailVerified: payload.email_verified === true,
          name: typeof payload.name === "string" ? payload.name : null,
        };
      } catch (err) {
        if (err instanceof AppError) throw err;
        if (err instanceof joseErrors.JOSEError) throw new AppError("UNAUTHORIZED", "The Google sign-in could not be verified. Try again.");
        if (err instanceof TypeError || (err as Error).name === "JWSInvalid") throw new AppError("UNAUTHORIZED", "The Google sign-in could not be verified. Try again.");
        throw new AppError("BAD_GATEWAY", "Google's keys could not be fetched. Try again in a moment.");
      }
    },
  };
}
