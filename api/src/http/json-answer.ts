import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";

/** Answers shorter than this go as they are: gzip's frame would save little and cost a call. */
export const GZIP_MIN_BYTES = 1024;

/**
 * An answer serialised once and sent as it is, any number of times (a kept search answer): the
 * route writes its bytes and its entity tag instead of serialising and hashing the value again.
 * `T` is the value's type, so a handler returning one still answers its contract's response type.
 *
 * A client that accepts gzip gets the compressed bytes, made once on first use and then kept with
 * the answer: a 120-item image search answer is about 122 kB as JSON and 22 kB compressed.
 */
export class JsonAnswer<T> {
  declare private readonly value: T;
  private compressed: Buffer | undefined;

  private constructor(
    readonly body: Buffer,
    readonly etag: string,
  ) {}

  static of<T>(value: T): JsonAnswer<T> {
    const body = Buffer.from(JSON.stringify(value));
    // The weak tag Express itself would compute for these bytes (length and SHA-1). Weak, so the
    // same tag stands for the gzip-encoded bytes too (RFC 9110 §8.8.1: semantically equivalent).
    return new JsonAnswer<T>(body, `W/"${body.length.toString(16)}-${createHash("sha1").update(body).digest("base64").slice(0, 27)}"`);
  }

  /** Whether these bytes are worth compressing. */
  get compressible(): boolean {
    return this.body.length >= GZIP_MIN_BYTES;
  }

  /** The body gzip-encoded (made on the first call, then kept). */
  gzipped(): Buffer {
    return (this.compressed ??= gzipSync(this.body));
  }
}
