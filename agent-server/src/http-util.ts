import type express from "express";

type Handler = (req: express.Request, res: express.Response) => Promise<unknown>;

/** Wraps a handler: JSON result (204 when there is none), or the error to the shared error writer. */
export function handle(fn: Handler): express.RequestHandler {
  return (req, res, next) => {
    fn(req, res).then(
      (body) => {
        if (res.headersSent) return;
        if (body === undefined) res.status(204).end();
        else res.json(body);
      },
      (err: unknown) => next(err),
    );
  };
}
