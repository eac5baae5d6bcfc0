import { hash, verify } from "@node-rs/argon2";

// Argon2id with the OWASP-recommended minimum (19 MiB, 2 passes).
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

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
