import { hash } from "@node-rs/argon2";
import { describe, expect, it } from "vitest";
import { hashPassword, passwordHashCost, verifyPassword } from "../src/auth/passwords";

describe("password hashing", () => {
  it("hashes at the OWASP minimum (argon2id, 19 MiB, 2 passes) outside a test run", async () => {
    for (const nodeEnv of [undefined, "production", "development", ""]) {
      expect(passwordHashCost(nodeEnv)).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    }
    const stored = await hash("correct horse battery staple", passwordHashCost("production"));
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // A hash made at the production cost verifies in a test run, which hashes more cheaply.
    expect(await verifyPassword(stored, "correct horse battery staple")).toBe(true);
    expect(await verifyPassword(stored, "wrong horse")).toBe(false);
  });

  it("hashes at argon2id's lowest cost only in a test run, and those hashes verify", async () => {
    expect(passwordHashCost("test")).toEqual({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
    const stored = await hashPassword("a test user's password");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword(stored, "a test user's password")).toBe(true);
  });

  it("verifies nothing against a missing or malformed stored hash", async () => {
    expect(await verifyPassword(null, "anything")).toBe(false);
    expect(await verifyPassword("not-a-hash", "anything")).toBe(false);
  });
});
