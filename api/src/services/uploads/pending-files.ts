import type { RequestContext } from "../../context";

/** A multipart file already streamed to storage, waiting for the contract handler to record it. */
export type IncomingFile = { originalName: string; id: string; extension: string; storageKey: string; size: number };

// The multipart parser runs before the contract handler; the file waits here, keyed by the
// request's own context object, so it is gone with the request.
const files = new WeakMap<RequestContext, IncomingFile>();

export function holdIncomingFile(ctx: RequestContext, file: IncomingFile): void {
  files.set(ctx, file);
}

export function takeIncomingFile(ctx: RequestContext): IncomingFile | undefined {
  const file = files.get(ctx);
  files.delete(ctx);
  return file;
}
