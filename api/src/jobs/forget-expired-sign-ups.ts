import { z } from "zod";
import type pg from "pg";
import { deleteExpiredPendingRegistrations } from "../queries/pending-registrations";
import { defineJob } from "./define-job";

/** Sign-ups whose mailed link expired keep a password hash nobody can use: forget them daily. */
export function forgetExpiredSignUpsJob(pool: pg.Pool) {
  return defineJob({
    type: "auth.forgetExpiredSignUps",
    payload: z.strictObject({}),
    maxAttempts: 3,
    async handler() {
      return { deleted: await deleteExpiredPendingRegistrations(pool) };
    },
  });
}
