import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FileStorage } from "./types";

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9/_.-]*$/;

/** Files under one directory; writes go to a temporary name and are renamed, so readers never see half a file. */
export function createLocalDiskStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key) || key.split("/").includes("..")) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    name: "local-disk",
    async put(key, body) {
      const target = resolve(key);
      // The body may fail (a size or type check) while the directory is made, before the pipeline
      // listens: keep that error so it rejects this call instead of crashing the process.
      let earlyError: unknown = null;
      const keepEarly = (err: unknown) => {
        earlyError ??= err;
      };
      body.on("error", keepEarly);
      const temp = `${target}.${crypto.randomUUID()}.part`;
      let sizeBytes = 0;
      const count = new Transform({
        transform(chunk: Buffer, _enc, done) {
          sizeBytes += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        if (earlyError) throw earlyError;
        await pipeline(body, count, fs.createWriteStream(temp));
        await fs.promises.rename(temp, target);
      } catch (err) {
        await fs.promises.rm(temp, { force: true });
        throw earlyError ?? err;
      } finally {
        body.off("error", keepEarly);
      }
      return { sizeBytes };
    },
    async get(key) {
      const file = resolve(key);
      try {
        await fs.promises.access(file, fs.constants.R_OK);
      } catch {
        return null;
      }
      return fs.createReadStream(file);
    },
    async exists(key) {
      return fs.promises
        .access(resolve(key))
        .then(() => true)
        .catch(() => false);
    },
    async delete(key) {
      await fs.promises.rm(resolve(key), { force: true });
    },
  };
}
