import path from "node:path";
import type { Config } from "../config";
import { createLocalDiskStorage } from "./local-disk";
import type { FileStorage } from "./types";

export type { FileStorage } from "./types";

const stores = new Map<string, FileStorage>();

/**
 * The file store for this configuration: local disk under <dataDir>/uploads. An S3-compatible
 * adapter plugs in here (selected by configuration) without changing any caller; none is shipped
 * because no S3 client is installed.
 */
export function fileStorageFor(config: Config): FileStorage {
  const root = path.join(config.dataDir, "uploads");
  let storage = stores.get(root);
  if (!storage) {
    storage = createLocalDiskStorage(root);
    stores.set(root, storage);
  }
  return storage;
}
