import crypto from "node:crypto";
import { startJsonFake } from "./json-fake";

// A local Daily: POST /v1/rooms as Daily's REST API answers it (the room object with id, name,
// api_created, privacy, url, created_at and config; errors as { error, info } with Daily's error
// types), with the API key as a bearer token. `failNext` makes the next create answer an error.

type Json = Record<string, unknown>;
export type DailyFake = {
  /** The API's base URL, as ATELIER_DAILY_API_URL takes it. */
  url: string;
  apiKey: string;
  rooms: Json[];
  failNext(status: number, error: string): void;
  /** Holds the next room's answer until `release()`; `arrived` resolves when that request is in. */
  holdNext(): { arrived: Promise<void>; release(): void };
  close(): Promise<void>;
};

export async function startDailyFake(apiKey = "daily_test_key"): Promise<DailyFake> {
  const rooms: Json[] = [];
  let failure: { status: number; error: string } | null = null;
  let hold: { arrived(): void; released: Promise<void> } | null = null;
  const server = await startJsonFake(async (req, send) => {
    const auth = req.headers.authorization ?? "";
    if (!auth.startsWith("Bearer ")) return send(400, { error: "authorization-header-error", info: "bad Authorization header format" });
    if (auth !== `Bearer ${apiKey}`) return send(401, { error: "authentication-error", info: "the API key is not valid" });
    if (req.method !== "POST" || req.path !== "/v1/rooms") return send(404, { error: "not-found", info: `no route for ${req.method} ${req.path}` });
    if (failure) {
      const { status, error } = failure;
      failure = null;
      return send(status, { error, info: `simulated ${error}` });
    }
    let body: Json;
    try {
      body = JSON.parse(req.raw) as Json;
    } catch {
      return send(400, { error: "json-parsing-error", info: "the request body is not JSON" });
    }
    const props = (body.properties ?? {}) as Json;
    if (props.nbf !== undefined && typeof props.nbf !== "number") return send(400, { error: "invalid-request-error", info: "nbf must be a number" });
    if (typeof props.exp === "number" && typeof props.nbf === "number" && props.exp <= props.nbf) return send(400, { error: "invalid-request-error", info: "exp must be after nbf" });
    const name = typeof body.name === "string" ? body.name : crypto.randomBytes(10).toString("base64url");
    const room = {
      id: crypto.randomUUID(),
      name,
      api_created: true,
      privacy: body.privacy ?? "public",
      url: `https://atelier-test.daily.co/${name}`,
      created_at: new Date().toISOString(),
      config: props,
    };
    if (hold) {
      const held = hold;
      hold = null;
      held.arrived();
      await held.released;
    }
    rooms.push(room);
    send(200, room);
  });
  return {
    url: `${server.origin}/v1`,
    apiKey,
    rooms,
    failNext(status, error) {
      failure = { status, error };
    },
    holdNext() {
      let arrived!: () => void;
      let release!: () => void;
      const arrival = new Promise<void>((resolve) => (arrived = resolve));
      hold = { arrived, released: new Promise<void>((resolve) => (release = resolve)) };
      return { arrived: arrival, release };
    },
    close: server.close,
  };
}
