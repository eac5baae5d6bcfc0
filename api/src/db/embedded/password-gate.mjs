// Password authentication in front of PGlite's wire protocol. PGlite answers every startup message
// with AuthenticationOk, whatever user and password a client names, so anything on this machine
// could open the embedded database. This gate asks each new connection for the data directory's
// secret (AuthenticationCleartextPassword: the port listens on loopback only) and hands the startup
// message to PGlite only once the password matches; anything else gets a FATAL 28P01 and nothing more.
import crypto from "node:crypto";

const PASSWORD_MESSAGE = 0x70; // 'p'

/**
 * Wraps a pglite-socket query queue (see serial-queue.mjs).
 * @param {{ enqueue(handlerId: number, message: Uint8Array, onData: (d: Uint8Array) => void): Promise<number>, clearQueueForHandler(handlerId: number): void }} queue
 * @param {string} secret
 */
export function requirePassword(queue, secret) {
  const expected = crypto.createHash("sha256").update(secret).digest();
  /** @type {Map<number, "ok" | "refused" | { startup: Uint8Array }>} */
  const state = new Map();

  /** @param {number} handlerId @param {(d: Uint8Array) => void} onData */
  function refuse(handlerId, onData) {
    state.set(handlerId, "refused");
    const reply = errorResponse("28P01", "password authentication failed for the embedded database");
    onData(reply);
    return Promise.resolve(reply.length);
  }

  return new Proxy(queue, {
    get(target, prop) {
      if (prop === "enqueue") {
        /** @param {number} handlerId @param {Uint8Array} message @param {(d: Uint8Array) => void} onData */
        return (handlerId, message, onData) => {
          const current = state.get(handlerId);
          if (current === "ok") return target.enqueue(handlerId, message, onData);
          if (current === "refused") return refuse(handlerId, onData);
          if (current === undefined) {
            if (!isStartup(message)) return refuse(handlerId, onData);
            state.set(handlerId, { startup: message });
            const ask = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3]); // AuthenticationCleartextPassword
            onData(ask);
            return Promise.resolve(ask.length);
          }
          if (message[0] !== PASSWORD_MESSAGE || !passwordMatches(message, expected)) return refuse(handlerId, onData);
          state.set(handlerId, "ok");
          return target.enqueue(handlerId, current.startup, onData);
        };
      }
      if (prop === "clearQueueForHandler") {
        /** @param {number} handlerId */
        return (handlerId) => {
          state.delete(handlerId);
          target.clearQueueForHandler(handlerId);
        };
      }
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** A PasswordMessage's password (a C string after the type and length), compared in constant time. */
function passwordMatches(message, expected) {
  const body = Buffer.from(message.buffer, message.byteOffset + 5, Math.max(0, message.length - 5));
  const end = body.indexOf(0);
  const password = end === -1 ? body : body.subarray(0, end);
  return crypto.timingSafeEqual(crypto.createHash("sha256").update(password).digest(), expected);
}

/** A startup message has no type byte: length then protocol version 3.0. */
function isStartup(message) {
  return message.length >= 8 && new DataView(message.buffer, message.byteOffset).getInt32(4) === 196608;
}

/** An ErrorResponse with severity FATAL. */
function errorResponse(code, text) {
  const fields = Buffer.concat([field("S", "FATAL"), field("V", "FATAL"), field("C", code), field("M", text), Buffer.from([0])]);
  const head = Buffer.alloc(5);
  head[0] = 0x45; // 'E'
  head.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}

function field(type, value) {
  return Buffer.concat([Buffer.from(type), Buffer.from(value, "utf8"), Buffer.from([0])]);
}
