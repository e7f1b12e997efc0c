import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { bootstrap, readyMessage } from './bootstrap';
import { loadConfig } from './config';
import { loggerOptions } from './logging';
import { openDatabase } from './db/client';
import { runCaseCheck } from './modules/cases';
import { runDocumentCheck } from './modules/documents';
import { runLiveCheck } from './modules/live';
import { createDeliverer } from './modules/webhooks';
import { provisionSimulator } from './simulation/provision';
import { runSimulation } from './simulation/simulation';
import { pruneSpentLimits } from './prune';

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? {
        databaseUrl: config.databaseUrl,
        poolSize: config.databasePoolSize,
        onIdleError: (err) => console.warn(`database connection lost: ${err.message}`),
        statementTimeoutMs: config.databaseStatementTimeoutMs,
      }
    : { dataDir: config.dataDir, statementTimeoutMs: config.databaseStatementTimeoutMs },
);
await database.migrate();

// The log writes through process.stdout, as console.log does, so its lines and the ready
// line below come out in the order they were given (its own file descriptor writer queued
// them apart, and a log line given first could come out after the ready line).
const app = await buildApp({
  config,
  database,
  logger: { ...loggerOptions(config.logLevel), stream: process.stdout },
});
const createdAdmin = await bootstrap(app);
await app.listen({ port: config.port, host: config.host });
const { port } = app.server.address() as AddressInfo;
// Where this machine reaches the server (a wildcard address is this machine).
const wildcard = ['0.0.0.0', '::', ''].includes(config.host);
const hostPart = (host: string) => (host.includes(':') ? `[${host}]` : host);

// SIMULATE=true: marketplace activity from this process, through the integration API like any
// marketplace's backend, with a key and a webhook endpoint made for it now.
const simulation = new AbortController();
const simulating = config.simulate.enabled
  ? runSimulation({
      baseUrl: `http://${hostPart(wildcard ? '127.0.0.1' : config.host)}:${port}`,
      credentials: (receiverUrl) => provisionSimulator(database.db, receiverUrl),
      intervalMs: config.simulate.intervalMs,
      drivers: config.simulate.drivers,
      signal: simulation.signal,
      log: (line) => app.log.info({ simulate: line }, 'simulated event'),
    }).catch((err: unknown) => {
      app.log.error({ err }, 'the simulator stopped');
      return 0;
    })
  : Promise.resolve(0);

// Spent limits (ended windows, drained throttles, old codes, forgotten waits) are dropped
// every 10 minutes, so spoofed e-mails and addresses leave no rows behind.
const pruning = setInterval(() => {
  pruneSpentLimits(database.db, new Date()).catch((err: unknown) =>
    app.log.warn({ err }, 'pruning spent limits failed'),
  );
}, 600_000).unref();

// The daily document check (modules/documents/document-check.ts): every instance tries at
// start-up and every 10 minutes; an advisory lock and the last day checked let it run once a
// day across all instances, in the first 10 minutes of the UTC day (or at the first start).
let documentCheck = Promise.resolve();
const checkDocuments = () => {
  documentCheck = runDocumentCheck(database.db, app.clock())
    .then((done) => {
      if (done) app.log.info({ documentCheck: done }, 'daily document check done');
    })
    .catch((err: unknown) => app.log.warn({ err }, 'daily document check failed'));
};
checkDocuments();
const checking = setInterval(checkDocuments, 600_000).unref();

// What is going wrong now (modules/live/alerts.ts): every instance checks every
// LIVE_CHECK_SECONDS; an advisory lock lets one in at a time, and each episode is told once.
let liveCheck = Promise.resolve();
const checkLive = () => {
  liveCheck = runLiveCheck(database.db, app.clock(), config.live)
    .then((done) => {
      if (done && done.opened + done.resolved > 0) app.log.info({ liveCheck: done }, 'live check');
    })
    .catch((err: unknown) => app.log.warn({ err }, 'live check failed'));
};
const checkingLive = setInterval(checkLive, config.live.checkMs).unref();

// SOS nobody acknowledged in time (modules/cases/escalation.ts): every instance checks every
// 10 seconds; the conditional update that marks a case escalated lets one instance tell the
// Owners, once.
let caseCheck = Promise.resolve();
const checkCases = () => {
  caseCheck = runCaseCheck(database.db, app.clock())
    .then((escalated) => {
      if (escalated > 0) app.log.info({ escalated }, 'SOS escalated to the Owners');
    })
    .catch((err: unknown) => app.log.warn({ err }, 'case check failed'));
};
const checkingCases = setInterval(checkCases, 10_000).unref();

// Webhook deliveries (modules/webhooks/deliverer.ts): woken by every commit that queues one
// (LISTEN/NOTIFY), and every few seconds for retries; each delivery is claimed by one instance.
const deliverer = createDeliverer({
  database,
  allowLoopback: config.webhooks.allowLoopback,
  log: app.log,
  clock: app.clock,
});
await deliverer.start();

// The last line of the start: where to open Cabdesk, and on the first start whom to sign in
// as. The first document check's line comes before it (issue 45): the server already answers
// meanwhile, only the line waits.
await documentCheck;
console.log(
  readyMessage(`http://${hostPart(wildcard ? 'localhost' : config.host)}:${port}`, createdAdmin),
);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing requests in flight');
  try {
    clearInterval(pruning);
    clearInterval(checking);
    clearInterval(checkingLive);
    clearInterval(checkingCases);
    await documentCheck;
    await liveCheck;
    await caseCheck;
    await deliverer.stop();
    simulation.abort();
    await simulating;
    await app.close();
    await database.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
