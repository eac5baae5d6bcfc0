import type { Readable } from "node:stream";

/**
 * Where file bytes live. Keys are opaque paths chosen by the caller ("uploads/<store>/<id>").
 * The local-disk store is the default; an S3-compatible store implements the same four calls
 * (PutObject from a stream, GetObject as a stream, HeadObject, DeleteObject).
 */
export type FileStorage = {
  name: string;
  /** Writes the stream under key; the key appears only once the stream has ended without error. */
  put(key: string, body: Readable): Promise<{ sizeBytes: number }>;
  /** The bytes as a stream, or null when there is no such key. */
  get(key: string): Promise<Readable | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
};
