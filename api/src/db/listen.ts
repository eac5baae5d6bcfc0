import pg from "pg";
import type { Logger } from "pino";

export type DatabaseListener = {
  /** Whether the connection is up and listening: notifications sent from now on reach onNotification. */
  readonly listening: boolean;
  /** The connection while it is up (tests break it to see the reconnect). */
  connection(): pg.Client | null;
  close(): Promise<void>;
};

export type ListenHandlers = {
  onNotification(message: pg.Notification): void;
  /** The connection listens (first start and every reconnect): notifications before this may be lost. */
  onUp?(): void;
  /** The connection is lost: notifications are lost until onUp. */
  onDown?(): void;
};

const RECONNECT_MS = 1000;

/**
 * A dedicated connection that LISTENs on channels and reconnects after a loss (every second). The
 * first connection is awaited; if it fails, the listener keeps trying in the background.
 */
export async function listenOnDatabase(databaseUrl: string, channels: string[], handlers: ListenHandlers, log: Logger): Promise<DatabaseListener> {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  function lost(next: pg.Client) {
    if (client === next) {
      client = null;
      handlers.onDown?.();
    }
    void next.end().catch((err: unknown) => log.debug({ err }, "database listener: closing the failed connection failed"));
    scheduleReconnect();
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on("notification", (message) => handlers.onNotification(message));
    next.on("error", (err) => {
      log.warn({ err }, "database listener: the connection failed; reconnecting");
      lost(next);
    });
    next.on("end", () => {
      if (!closed) lost(next);
    });
    await next.connect();
    try {
      for (const channel of channels) await next.query(`LISTEN ${channel}`);
    } catch (err) {
      await next.end();
      throw err;
    }
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    handlers.onUp?.();
  }

  function scheduleReconnect() {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().catch((err: unknown) => {
        log.warn({ err }, "database listener: reconnecting failed");
        scheduleReconnect();
      });
    }, RECONNECT_MS);
    retry.unref();
  }

  await connect().catch((err: unknown) => {
    log.warn({ err }, "database listener: connecting failed; retrying");
    scheduleReconnect();
  });
  return {
    get listening() {
      return client !== null;
    },
    connection: () => client,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const last = client;
      client = null;
      await last?.end();
    },
  };
}
