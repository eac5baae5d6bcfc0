// A query queue for pglite-socket that keeps each connection's protocol exchange whole.
//
// PGlite is one Postgres session. pglite-socket's own queue interleaves single wire messages
// from different connections, so one connection's Parse can replace another's unnamed
// statement between its Parse and Bind (pglite issue 1046: wrong rows under concurrency).
// This queue gives the session to one connection at a time and keeps it until that
// connection's batch ends (Sync or simple Query) and no transaction is open.
//
// pglite-socket also reads each socket 'data' event in its own async task, so one connection
// can hand over its next message (a large Bind arrives in many chunks) while its previous one
// is still waiting or running. Each connection's messages therefore go through a chain of their
// own, strictly in arrival order.

const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'

/** @param {import('@electric-sql/pglite').PGlite} db */
export function createSerialQueue(db) {
  /** @type {number | null} */
  let owner = null;
  /** @type {Array<{ handlerId: number, grant: () => void, reject: (e: Error) => void }>} */
  const waiting = [];
  /** @type {Map<number, Promise<unknown>>} */
  const perHandler = new Map();

  function release() {
    owner = null;
    const next = waiting.shift();
    if (next) {
      owner = next.handlerId;
      next.grant();
    }
  }

  /** @param {number} handlerId */
  function acquire(handlerId) {
    if (owner === handlerId) return Promise.resolve();
    if (owner === null) {
      owner = handlerId;
      return Promise.resolve();
    }
    return new Promise((grant, reject) => waiting.push({ handlerId, grant, reject }));
  }

  /**
   * @param {number} handlerId
   * @param {Uint8Array} message
   * @param {(data: Uint8Array) => void} onData
   */
  async function run(handlerId, message, onData) {
    await acquire(handlerId);
    let bytes = 0;
    try {
      await db.execProtocolRawStream(message, {
        onRawData: (data) => {
          bytes += data.length;
          onData(data);
        },
      });
    } finally {
      const type = message[0];
      const batchEnded = type === SYNC || type === QUERY || type === TERMINATE || isStartup(message);
      if (batchEnded && !db.isInTransaction()) release();
    }
    return bytes;
  }

  return {
    /**
     * @param {number} handlerId
     * @param {Uint8Array} message
     * @param {(data: Uint8Array) => void} onData
     */
    enqueue(handlerId, message, onData) {
      const previous = perHandler.get(handlerId) ?? Promise.resolve();
      const result = previous.then(() => run(handlerId, message, onData));
      perHandler.set(
        handlerId,
        result.then(
          () => undefined,
          () => undefined,
        ),
      );
      return result;
    },
    getQueueLength() {
      return waiting.length;
    },
    /** @param {number} handlerId */
    clearQueueForHandler(handlerId) {
      perHandler.delete(handlerId);
      for (let i = waiting.length - 1; i >= 0; i--) {
        const w = waiting[i];
        if (w && w.handlerId === handlerId) {
          waiting.splice(i, 1);
          w.reject(new Error("Handler disconnected"));
        }
      }
    },
    /** @param {number} handlerId */
    async clearTransactionIfNeeded(handlerId) {
      if (owner !== handlerId) return;
      if (db.isInTransaction()) await db.exec("ROLLBACK");
      release();
    },
  };
}

/** A startup message has no type byte: length then protocol version 3.0. */
function isStartup(message) {
  return message.length >= 8 && new DataView(message.buffer, message.byteOffset).getInt32(4) === 196608;
}
