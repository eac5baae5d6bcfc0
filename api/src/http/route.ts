import type { Contract, ParamsOf, QueryOf, BodyOf, ResponseOf } from "@atelier/contracts";
import type { RequestContext, UserContext } from "../context";
import type { JsonAnswer } from "../json-answer";

type CtxFor<C extends Contract> = C["access"] extends "user" ? UserContext : RequestContext;

export type HandlerInput<C extends Contract> = {
  ctx: CtxFor<C>;
  params: ParamsOf<C>;
  query: QueryOf<C>;
  body: BodyOf<C>;
};

/** A handler result: the response body, or that body already serialised. */
export type Handler<C extends Contract> = (input: HandlerInput<C>) => Promise<ResponseOf<C> | JsonAnswer<ResponseOf<C>>>;

export type Route = { contract: Contract; handler: Handler<Contract> };

/** Binds one handler to its contract; the app mounts the list. */
export function route<C extends Contract>(contract: C, handler: Handler<C>): Route {
  return { contract, handler: handler as unknown as Handler<Contract> };
}
