import { hash, verify } from "@node-rs/argon2";

/** Argon2id at the OWASP-recommended minimum (19 MiB, 2 passes): every hash outside a test run. */
const OWASP_MINIMUM = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** Argon2id at its lowest cost (1 MiB, 1 pass), for a test run only. */
const TEST_RUN_COST = { memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

/**
 * The hashing cost for a process of this NODE_ENV. A test run (NODE_ENV=test, as vitest sets it) hashes at the
 * lowest cost: every test signs its own users up, and a hash at the minimum took 53 ms of CPU on the 2-core CI
 * machine, about 2 minutes of the suite's. Any other value, or none, is the minimum. Verifying reads the cost
 * from the stored hash, so either kind verifies anywhere.
 */
export function passwordHashCost(nodeEnv: string | undefined): typeof OWASP_MINIMUM | typeof TEST_RUN_COST {
  return nodeEnv === "test" ? TEST_RUN_COST : OWASP_MINIMUM;
}

const OPTIONS = passwordHashCost(process.env.NODE_ENV);

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
