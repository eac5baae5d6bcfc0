import type { RequestContext } from "../../context";

/** An export file read by the import route's multipart parser, waiting for the contract handler. */
export type IncomingImportFile = { originalName: string; bytes: Buffer };

// The parser runs before the contract handler (which checks the session, role and preview mode);
// the file waits here, keyed by the request's own context, so it is gone with the request.
const files = new WeakMap<RequestContext, IncomingImportFile>();

export function holdIncomingImportFile(ctx: RequestContext, file: IncomingImportFile): void {
  files.set(ctx, file);
}

export function takeIncomingImportFile(ctx: RequestContext): IncomingImportFile | undefined {
  const file = files.get(ctx);
  files.delete(ctx);
  return file;
}
