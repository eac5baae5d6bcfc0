import http from "node:http";
import type { AddressInfo } from "node:net";
import type express from "express";
import { loadConfig, type Config } from "./config";
import { openDatabase, type Database } from "./db/pool";
import { migrate } from "./db/migrate";
import { createTokenService, resolveJwtSecret } from "./auth/tokens";
import { createProviders, type Providers } from "./providers";
import { followStoredSpace, guardEmbeddings, reindexEmbeddingsJob, reindexIfModelChanged } from "./embeddings";
import { createLogger } from "./logger";
import { flushSearchLogs } from "./services/marketplace/search-log";
import { createApp } from "./http/app";
import { startSessionCache, type RunningSessionCache, type SessionCacheOptions } from "./services/auth/session-cache";
import { realtimeJobEvents, registerRoomAuthoriser, startRealtime, type Realtime } from "./realtime";
import { authoriseConversationRoom } from "./services/inbox/authorise-conversation-room";
import { allRoutes } from "./routes";
import type { AppDeps } from "./context";
import { createJobQueue, type JobDefinition, type JobEvents } from "./jobs";
import { deleteFinishedJobsJob } from "./jobs/delete-finished-jobs";
import { forgetExpiredSignUpsJob } from "./jobs/forget-expired-sign-ups";
import { imageIndexJob } from "./services/marketplace/build-image-index";
import { trackLabelJob } from "./services/shipping/track-label";
import { trackFreightJob } from "./services/shipping/freight/track-freight";
import { labelBatchJob } from "./services/shipping/create-label-batch";
import { importOrdersJob } from "./services/sales-channels/import-orders-job";
import { financialExportJob } from "./services/order-exports/financial-export-job";
import { returnExportJob } from "./services/order-exports/return-export-job";
import { advanceFulfilmentJob } from "./services/orders/advance-fulfilment";
import { stockArrivedJob } from "./services/inventory/stock-arrived";
import { RELEASE_SWEEP_EVERY_MS, releaseWaitingOrdersJob } from "./services/inventory/release-waiting-orders-job";
import { chargeFeeJob } from "./services/fees/charge-fee";
import { assembleKitsJob } from "./services/kitting/assemble-kits-job";
import { renewStorageJob } from "./services/fees/renew-storage";
import { runPayoutsJob } from "./services/fees/run-payouts";
import { answerWarehouseTicketJob } from "./services/warehouse-tickets/answer-warehouse-ticket";
import { expireQuotesJob } from "./services/inbox/quotes/expire-quotes";
import { sendInboxDigestsJob } from "./services/inbox/send-inbox-digests";
import { demoReplyJob } from "./services/inbox/demo-responder";
import { brandKitGenerateJob } from "./services/brand-kits/generate-job";
import { foldChangesJob } from "./services/analytics/fold-changes-job";

export type ApiServer = {
  url: string;
  port: number;
  deps: AppDeps;
  app: express.Express;
  server: http.Server;
  realtime: Realtime;
  close(): Promise<void>;
};

export type StartApiOptions = {
  config?: Config;
  /** Use this database instead of opening one (the product's start script shares one with the agent server). */
  database?: Database;
  providers?: Partial<Providers>;
  /** Mount more handlers before the API (the web app's static files). */
  extend?: (app: express.Express, deps: AppDeps) => void;
  /** Run migrations at start (default true). */
  migrate?: boolean;
  /** Where job progress is published; default: the realtime module (store and user rooms). */
  jobEvents?: JobEvents;
  /** The session cache's TTL and size (tests shorten the TTL). */
  sessionCache?: SessionCacheOptions;
};

/** Opens the database (unless given), migrates, and serves the API. */
export async function startApi(options: StartApiOptions = {}): Promise<ApiServer> {
  const config = options.config ?? loadConfig();
  const log = createLogger(config.logLevel);
  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? null : config.dataDir, poolSize: config.poolSize }));
  let sessions: RunningSessionCache | null = null;
  try {
    if (options.migrate !== false) await migrate(database.pool);
    const jobs = createJobQueue({ pool: database.pool, log, events: options.jobEvents ?? realtimeJobEvents, ...config.jobs });
    const running = await startSessionCache(database.url, log, options.sessionCache);
    sessions = running;
    const deps: AppDeps = {
      pool: database.pool,
      config,
      tokens: createTokenService(resolveJwtSecret(config.jwtSecret, config.databaseUrl || config.env === "test" ? null : config.dataDir), config.tokenTtlHours * 3600),
      providers: createProviders(config, options.providers),
      log,
      jobs,
      sessions: running,
    };
    // Every embedding call has a deadline and a breaker: an outage makes searches match by words
    // (with a notice), never fail. Queries follow the stored vectors' space, which a background
    // reindex moves to a newly configured model (follow-space.ts); a given provider (tests) is used as it is.
    const configuredEmbeddings = guardEmbeddings(deps.providers.embeddings, { warn: (m) => log.warn(m) });
    const following = options.providers?.embeddings ? null : followStoredSpace(deps.pool, configuredEmbeddings);
    deps.providers.embeddings = following ?? configuredEmbeddings;
    const app = createApp(deps, allRoutes);
    options.extend?.(app, deps);
    const server = http.createServer(app);
    registerRoomAuthoriser("conversation", authoriseConversationRoom);
    const realtime = await startRealtime(server, deps);
    try {
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(config.port, config.host, resolve);
      });
    } catch (err) {
      // A taken port: the Redis and Postgres listener connections must not keep the process alive.
      await realtime.close();
      throw err;
    }
    const port = (server.address() as AddressInfo).port;
    const reindex = following ? reindexEmbeddingsJob(deps.pool, configuredEmbeddings, () => following.refresh()) : null;
    await startJobWorker(deps, reindex ? [reindex] : []);
    if (reindex) await reindexIfModelChanged(deps, reindex, configuredEmbeddings, (m) => log.warn(m));
    return {
      url: `http://127.0.0.1:${port}`,
      port,
      deps,
      app,
      server,
      realtime,
      async close() {
        await realtime.close();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await jobs.stop();
        await flushSearchLogs(deps.pool);
        await running.close();
        if (ownsDatabase) await database.close();
      },
    };
  } catch (err) {
    await sessions?.close();
    if (ownsDatabase) await database.close();
    throw err;
  }
}

/** The platform's own job types and schedules, then the worker (config.jobs.concurrency jobs at once). */
async function startJobWorker(deps: AppDeps, more: JobDefinition[] = []) {
  for (const definition of more) deps.jobs.register(definition);
  const deleteFinished = deleteFinishedJobsJob(deps.pool);
  deps.jobs.register(deleteFinished);
  deps.jobs.register(imageIndexJob(deps.pool));
  deps.jobs.register(advanceFulfilmentJob(deps));
  deps.jobs.register(stockArrivedJob(deps));
  // The safety net for orders held out of stock though the stock is there (release-waiting-orders-job.ts).
  const releaseWaiting = releaseWaitingOrdersJob(deps);
  deps.jobs.register(releaseWaiting);
  await deps.jobs.schedule("inventory.release-waiting-orders", releaseWaiting, {}, { everyMs: RELEASE_SWEEP_EVERY_MS });
  deps.jobs.register(answerWarehouseTicketJob(deps));
  deps.jobs.register(assembleKitsJob(deps));
  deps.jobs.register(trackLabelJob(deps));
  deps.jobs.register(trackFreightJob(deps));
  deps.jobs.register(labelBatchJob(deps));
  deps.jobs.register(importOrdersJob(deps));
  deps.jobs.register(financialExportJob(deps));
  deps.jobs.register(returnExportJob(deps));
  deps.jobs.register(brandKitGenerateJob(deps, deps.providers.textWriter));
  await deps.jobs.schedule("jobs.delete-finished", deleteFinished, { olderThanDays: 30 }, { cron: "17 3 * * *" });
  const forgetSignUps = forgetExpiredSignUpsJob(deps.pool);
  deps.jobs.register(forgetSignUps);
  await deps.jobs.schedule("auth.forget-expired-sign-ups", forgetSignUps, {}, { cron: "41 3 * * *" });
  const expireQuotes = expireQuotesJob(deps.pool);
  deps.jobs.register(expireQuotes);
  await deps.jobs.schedule("inbox.expire-quotes", expireQuotes, {}, { everyMs: 60_000 });
  const digests = sendInboxDigestsJob(deps.pool, { afterMs: deps.config.inbox.digestAfterMinutes * 60_000, webOrigin: deps.config.webOrigin.split(",")[0] ?? "" });
  deps.jobs.register(digests);
  await deps.jobs.schedule("inbox.send-digests", digests, {}, { everyMs: 60_000 });
  deps.jobs.register(demoReplyJob(deps.pool));
  // Analytics rollups fold the orders written since the last fold (migration 0420); reports also fold their store before reading.
  const foldChanges = foldChangesJob(deps.pool);
  deps.jobs.register(foldChanges);
  await deps.jobs.schedule("analytics.fold-changes", foldChanges, {}, { everyMs: 60_000 });
  // Fulfilment-center fees and storefront payouts (000 §9): charges as they are earned, storage renewed daily, payouts weekly.
  deps.jobs.register(chargeFeeJob(deps));
  const renewStorage = renewStorageJob(deps);
  deps.jobs.register(renewStorage);
  await deps.jobs.schedule("fees.renew-storage", renewStorage, {}, { cron: "23 4 * * *" });
  const payouts = runPayoutsJob(deps);
  deps.jobs.register(payouts);
  await deps.jobs.schedule("fees.run-payouts", payouts, {}, { cron: "7 5 * * 1" });
  deps.jobs.start();
}
