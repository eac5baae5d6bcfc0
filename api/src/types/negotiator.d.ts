// negotiator 1.1 (Express's own content negotiation) ships no types, and @types/negotiator describes
// 0.6, which has no `preferred` option: the part of its API the API uses. web/tsconfig.json includes
// this folder too, because its tests compile the API.
declare module "negotiator" {
  import type { IncomingMessage } from "node:http";

  export default class Negotiator {
    constructor(request: IncomingMessage);
    /** The available encodings the request accepts, best first: by the client's weights, then by `preferred`. */
    encodings(available?: readonly string[], options?: { preferred?: readonly string[] }): string[];
  }
}
