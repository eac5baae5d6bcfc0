import { createHash } from "node:crypto";

/**
 * An answer serialised once and sent as it is, any number of times (a kept search answer): the
 * route writes its bytes and its entity tag instead of serialising and hashing the value again.
 * `T` is the value's type, so a handler returning one still answers its contract's response type.
 */
export class JsonAnswer<T> {
  declare private readonly value: T;

  private constructor(
    readonly body: Buffer,
    readonly etag: string,
  ) {}

  static of<T>(value: T): JsonAnswer<T> {
    const body = Buffer.from(JSON.stringify(value));
    // The weak tag Express itself would compute for these bytes (length and SHA-1).
    return new JsonAnswer<T>(body, `W/"${body.length.toString(16)}-${createHash("sha1").update(body).digest("base64").slice(0, 27)}"`);
  }
}
