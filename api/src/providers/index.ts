import type { Config } from "../config";
import { createGoogleVerifier, type GoogleVerifier } from "./google";
import { createLocalCardPayments, type CardPaymentProvider } from "./payments";

/** Every outside service, each behind an interface with a local implementation that really works. */
export type Providers = {
  google: GoogleVerifier;
  payments: CardPaymentProvider;
};

export function createProviders(config: Config, overrides: Partial<Providers> = {}): Providers {
  return {
    google: createGoogleVerifier(config.google),
    payments: createLocalCardPayments(),
    ...overrides,
  };
}
