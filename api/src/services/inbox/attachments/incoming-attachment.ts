import type { RequestContext } from "../../../context";

/** A multipart file read by the attachment route's parser, waiting for the contract handler. */
export type IncomingAttachment = { originalName: string; bytes: Buffer };

// The parser runs before the contract handler (which checks the session, role and preview mode);
// the file waits here, keyed by the request's own context, so it is gone with the request.
const files = new WeakMap<RequestContext, IncomingAttachment>();

export function holdIncomingAttachment(ctx: RequestContext, file: IncomingAttachment): void {
  files.set(ctx, file);
}

export function takeIncomingAttachment(ctx: RequestContext): IncomingAttachment | undefined {
  const file = files.get(ctx);
  files.delete(ctx);
  return file;
}
