import { hash, verify } from "@node-rs/argon2";

// Argon2id with the OWASP-recommended minimum (19 MiB, 2 passes). A test run (NODE_ENV=test, as
// vitest sets it) hashes with argon2id at its lowest cost (1 MiB, 1 pass): every test signs its own
// users up, and a hash at the minimum took 53 ms of CPU on the 2-core CI machine, about 2 minutes of
// the suite's. Verifying reads the cost from the stored hash, so either kind verifies anywhere.
const OPTIONS = process.env.NODE_ENV === "test" ? ({ memoryCost: 1024, timeCost: 1, parallelism: 1 } as const) : ({ memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const);

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash verifies nothing; the caller answers "wrong email or password".
    return false;
  }
}

/** A hash to verify against when the email is unknown, so both paths take the same time. */
export const DUMMY_HASH_PROMISE = hashPassword("not-a-real-password-for-timing");
