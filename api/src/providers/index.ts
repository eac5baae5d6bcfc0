import type { Config } from "../config";
import { createGoogleVerifier, type GoogleVerifier } from "./google";

/** Every outside service, each behind an interface with a local implementation that really works. */
export type Providers = {
  google: GoogleVerifier;
};

export function createProviders(config: Config, overrides: Partial<Providers> = {}): Providers {
  return {
    google: createGoogleVerifier(config.google),
    ...overrides,
  };
}
