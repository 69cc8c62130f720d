/** The composition root: the only place that creates singletons and wires them together. */
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';
import pino, { type Logger } from 'pino';
import { systemClock, type TimerClock } from './clock.ts';
import type { Config } from './config.ts';
import { createSecretBox } from './crypto/secretBox.ts';
import { openDatabase } from './db/connect.ts';
import type { FsDeps } from './fs/context.ts';
import { createArchive } from './fs/copy/archive.ts';
import { createBatchCopy } from './fs/copy/batchCopy.ts';
import { createUrlFetch } from './fs/copy/urlFetch.ts';
import { createDeadProperties } from './fs/deadPropertyStore.ts';
import { createLinkIssuers } from './fs/linkIssuer.ts';
import { createListingCache } from './fs/listingCache.ts';
import { createLockStore } from './fs/lockStore.ts';
import { recentByKey, recentFor } from './fs/recent.ts';
import { createFsService } from './fs/service.ts';
import { createFsLinkSigner } from './fs/signedLinks.ts';
import { createSignedWriteStore } from './fs/signedWriteStore.ts';
import { createAuth } from './http/auth.ts';
import { answerClientErrors } from './http/clientErrors.ts';
import { smallJsonBody } from './http/jsonBody.ts';
import { requestPipeline } from './http/pipeline.ts';
import { requestOrigin } from './http/requestOrigin.ts';
import { routeDispatch } from './http/routeDispatch.ts';
import { serveWebApp } from './http/static.ts';
import { createScheduler } from './jobs/scheduler.ts';
import { createStorageUploadSweep } from './jobs/sweepStorageUploads.ts';
import { type RouteEntry, routeTable } from './openapi/routeTable.ts';
import { registerApiKeyRoutes } from './routes/apiKeys/index.ts';
import { registerAuthRoutes } from './routes/auth/index.ts';
import { registerCacheRoutes } from './routes/cache/index.ts';
import { registerDashboardRoutes } from './routes/dashboard/index.ts';
import { registerFileRoutes } from './routes/files/index.ts';
import { registerFsRoutes } from './routes/fs/index.ts';
import { registerFsThumbnailRoutes } from './routes/fs/thumbnails.ts';
import { registerFsCopyRoutes } from './routes/fsCopy/index.ts';
import { registerMountRoutes } from './routes/mounts/index.ts';
import { registerOpenApiRoute } from './routes/openapi/index.ts';
import { registerStorageConfigRoutes } from './routes/s3Configs/index.ts';
import { registerSystemRoutes } from './routes/system/index.ts';
import { registerTaskRoutes } from './routes/tasks/index.ts';
import { registerUrlRoutes } from './routes/url/index.ts';
import { recordView } from './services/activityStore.ts';
import { createAdminAuthService } from './services/adminAuthService.ts';
import { createAdminStore } from './services/adminStore.ts';
import { admittedDriver } from './services/admission/admittedDriver.ts';
import { createWriteAdmission } from './services/admission/writeAdmission.ts';
import { createApiKeyService } from './services/apiKeyService.ts';
import { createAuthBudget } from './services/authBudget.ts';
import { createCacheRegistry } from './services/cacheRegistry.ts';
import type { RouteDeps, Services } from './services/container.ts';
import { createDashboardService } from './services/dashboardService.ts';
import { createMountService } from './services/mountService.ts';
import { createPasswordChecks } from './services/passwordChecks.ts';
import { createRateLimiter } from './services/rateLimiter.ts';
import { warnRelativeLocalRoots } from './services/relativeLocalRoots.ts';
import { checkSecretFingerprint } from './services/secretFingerprint.ts';
import { loadServerSecret } from './services/serverSecret.ts';
import { createSettingsStore } from './services/settingsStore.ts';
import { createStorageConfigService } from './services/storageConfigService.ts';
import { createStorageConfigStore } from './services/storageConfigStore.ts';
import { createStorageUploads } from './services/storageUploadStore.ts';
import { createSsrfGuard } from './services/url/ssrfGuard.ts';
import { createUrlService } from './services/url/urlService.ts';
import { registerAccessLogRoutes } from './shares/core/accessLog/accessLogRoutes.ts';
import { createAccessLogService } from './shares/core/accessLog/accessLogService.ts';
import { createAccessLogStore } from './shares/core/accessLog/accessLogStore.ts';
import { createAccessRecorder } from './shares/core/accessLog/accessRecorder.ts';
import { createAccessLogSweep } from './shares/core/accessLog/sweepAccessLog.ts';
import { createShareAccessTokens } from './shares/core/shareAccessTokens.ts';
import { UPLOAD_DEADLINE_MS } from './shares/files/fileDeps.ts';
import { createFileServices } from './shares/files/index.ts';
import { createFileSweep } from './shares/files/sweepFiles.ts';
import { createPathShareService } from './shares/paths/pathShareService.ts';
import { registerPathShareRoutes } from './shares/paths/routes/index.ts';
import { createUploadRequests } from './shares/requests/index.ts';
import { registerUploadRequestRoutes } from './shares/requests/routes/index.ts';
import { createPasteService } from './shares/text/pasteService.ts';
import { registerPasteRoutes } from './shares/text/routes/index.ts';
import { createPasteSweep } from './shares/text/sweepPastes.ts';
import { createTaskRunner, createTaskService } from './tasks/index.ts';
import { createThumbnailLinks } from './thumbnails/thumbnailLinks.ts';
import { createThumbnailService } from './thumbnails/thumbnailService.ts';
import { createThumbnailStore } from './thumbnails/thumbnailStore.ts';
import { createFsUploads } from './uploads/sessions/index.ts';
import { createSessionStore } from './uploads/sessions/sessionStore.ts';
import { spoolDir, sweepSpool } from './uploads/spool.ts';
import { davWhenAsked } from './webdav/lazy.ts';

export interface RunningApp {
  url: string;
  services: Services;
  /** Every API route as registered (method and path with its `:params`), for tests that walk them all. */
  routes: RouteEntry[];
  /** Set when the first admin was created with a generated password (printed once by main). */
  firstAdmin: { username: string; generatedPassword: string | null } | null;
  /**
   * Stops accepting connections, lets requests in flight finish for up to `graceMs` (0 by default:
   * cut them at once), then stops background work and closes the database.
   */
  close(options?: { graceMs?: number }): Promise<void>;
}

export async function startApp(
  config: Config,
  options: { logger?: Logger; clock?: TimerClock } = {},
): Promise<RunningApp> {
  const logger = options.logger ?? pino({ level: config.logLevel, base: undefined });
  const db = await openDatabase(config);
  // The one clock every time-dependent decision reads (tests pass a manual one and move it).
  const clock = options.clock ?? systemClock;
  const serverSecret = loadServerSecret(config.dataDir, config.secret);
  try {
    // Before anything is served or created: a process that cannot read the others' secrets stays out.
    await checkSecretFingerprint(db.knex, serverSecret, clock.now());
  } catch (err) {
    await db.close();
    throw err;
  }
  const box = createSecretBox(serverSecret);
  const storageUploads = createStorageUploads(db.knex, clock);
  const storageConfigs = createStorageConfigService(db.knex, {
    box,
    dataDir: config.dataDir,
    logger,
    ledgerFor: (id) => storageUploads.ledgerFor(id),
  });
  // Several processes may share a Postgres database: a local root inside this process's data dir is theirs alone.
  if (db.dialect === 'postgres')
    warnRelativeLocalRoots(await createStorageConfigStore(db.knex).list(), config.dataDir, logger);
  const limiter = createRateLimiter(db, {
    maxFailures: config.loginMaxFailures,
    windowMs: config.loginWindowMs,
    clock,
  });
  const passwords = createPasswordChecks(limiter);
  const authBudget = createAuthBudget(limiter);

  const settings = createSettingsStore(db.knex);
  // Every share kind records its public accesses here; the events reach the database in batches.
  const accessLogStore = createAccessLogStore(db.knex, db.sqliteHot);
  const accessRecorder = createAccessRecorder({ store: accessLogStore, settings, clock, logger });
  // The listening address, once known: the origin of links made outside a request (background work).
  let listeningUrl = '';
  // CLIP_PUBLIC_URL, else the origin the request came to (http/requestOrigin.ts).
  const originOf = (): string => config.publicUrl ?? requestOrigin(listeningUrl);
  const pastes = createPasteService({
    knex: db.knex,
    hot: db.hot,
    sqliteHot: db.sqliteHot,
    passwords,
    tokens: createShareAccessTokens(serverSecret, 'text'),
    accessLog: accessRecorder,
    maxTextBytes: config.maxTextBytes,
    origin: originOf,
    clock,
  });
  const files = createFileServices({
    knex: db.knex,
    sessions: createSessionStore(db),
    dialect: db.dialect,
    storage: { config: (id) => storageConfigs.resolve(id), driver: (id) => storageConfigs.driverFor(id) },
    settings,
    passwords,
    serverSecret,
    origin: originOf,
    logger,
    onView: () => void recordView(db.knex, 'file', { now: clock.now(), warn: (o, m) => logger.warn(o, m) }),
    accessLog: accessRecorder,
    clock,
  });
  const admission = createWriteAdmission({
    knex: db.knex,
    dialect: db.dialect,
    clock,
    maxUploadBytes: () => settings.maxUploadBytes(),
  });
  const mounts = createMountService(db.knex, db.hot, (id) => storageConfigs.resolve(id));
  const listingCache = createListingCache({
    knex: db.knex,
    hot: db.hot,
    activeMounts: () => mounts.activeMounts(),
  });
  const caches = createCacheRegistry();
  caches.register(listingCache);
  const adminAuth = createAdminAuthService(createAdminStore(db.knex, db.hot), passwords, clock);
  const apiKeys = createApiKeyService(db.knex, db.hot, db.sqliteHot, box, clock);
  const issuers = createLinkIssuers({ admin: adminAuth.actorForId, apiKey: apiKeys.actorForId });
  const fsDeps: FsDeps = {
    activeMounts: () => mounts.activeMounts(),
    driverFor: (id) => storageConfigs.driverFor(id),
    // Every write of the file system (uploads, WebDAV, tasks) is admitted against the config's limits.
    admit: (driver, id) => admittedDriver(driver, id, admission),
    cache: listingCache,
    props: createDeadProperties(db.knex, db.dialect),
    locks: createLockStore(db.knex, db.dialect),
    signer: createFsLinkSigner(serverSecret, clock),
    issuers,
    signedWrites: createSignedWriteStore(db.knex, () => clock.now()),
    origin: originOf,
    now: () => clock.now(),
  };
  const fs = createFsService(fsDeps);
  // Copy and delete tasks and upload parts resolve a path per item: they see mount and storage-config
  // changes within a second rather than at once (a new mount at once), and spare the database two reads
  // per path.
  const taskFs = createFsService({
    ...fsDeps,
    activeMounts: recentFor(1000, fsDeps.activeMounts),
    liveMounts: fsDeps.activeMounts,
    driverFor: recentByKey(1000, fsDeps.driverFor),
  });
  const taskRunner = createTaskRunner({
    db,
    logger,
    clock,
    leaseMs: config.taskLeaseMs,
    pollMs: config.taskPollMs || 1000,
  });
  // i10 multipart: resumable and presigned uploads into mounts, over the fs service.
  const fsUploads = createFsUploads({
    db,
    fs,
    recentFs: taskFs,
    storageConfigs,
    admission,
    logger,
    now: () => clock.now(),
  });
  const thumbnails = createThumbnailService({
    store: createThumbnailStore(db.knex),
    now: () => clock.now(),
    logger,
  });
  const taskService = createTaskService({ knex: db.knex, clock, wake: () => taskRunner.wake() });
  const services: Services = {
    config,
    logger,
    db,
    clock,
    publicUrl: originOf,
    adminAuth,
    apiKeys,
    settings,
    dashboard: createDashboardService(db.knex, clock),
    caches,
    pastes,
    storageConfigs,
    admission,
    sweepPastes: createPasteSweep(pastes, logger),
    accessRecorder,
    accessLog: createAccessLogService({ store: accessLogStore, recorder: accessRecorder }),
    sweepAccessLog: createAccessLogSweep({ store: accessLogStore, settings, clock, logger }),
    files,
    urlUploads: createUrlService({
      presign: files.presign,
      multipart: files.multipart,
      maxUploadBytes: () => settings.maxUploadBytes(),
      allowPrivateUrls: config.allowPrivateUrls,
    }),
    sweepFiles: createFileSweep(files.deps, files.manage, logger),
    mounts,
    fs,
    thumbnails,
    thumbnailLinks: createThumbnailLinks({
      fs,
      signer: fsDeps.signer,
      issuers,
      origin: originOf,
      now: () => clock.now(),
    }),
    fsUploads,
    uploadRequests: createUploadRequests({
      knex: db.knex,
      dialect: db.dialect,
      fs,
      sessions: fsUploads.sessions,
      host: fsUploads.host,
      admission,
      issuers,
      passwords,
      tokens: createShareAccessTokens(serverSecret, 'request'),
      clock,
      origin: originOf,
      logger,
    }),
    sweepUploads: (now) => services.fsUploads.sweep(now),
    sweepStorageUploads: createStorageUploadSweep({
      uploads: storageUploads,
      driverFor: async (id) => ((await storageConfigs.resolve(id)) ? storageConfigs.driverFor(id) : null),
      logger,
      now: () => clock.now(),
    }),
    tasks: taskService,
    taskRunner,
    fsCopy: createBatchCopy({ fs, taskFs, tasks: taskService, runner: taskRunner }),
    fsArchive: createArchive({ fs, tasks: taskService, runner: taskRunner }),
    pathShares: createPathShareService({
      knex: db.knex,
      dialect: db.dialect,
      fs,
      issuers: fsDeps.issuers,
      passwords,
      serverSecret,
      clock,
      origin: originOf,
      maxZipBytes: () => settings.maxZipBytes(),
    }),
    fsFetch: createUrlFetch({
      fs,
      tasks: taskService,
      runner: taskRunner,
      guard: createSsrfGuard({ allowPrivate: config.allowPrivateUrls }),
    }),
  };
  const deps: RouteDeps = { services, auth: createAuth(services.adminAuth, services.apiKeys, authBudget) };
  const api = new Router({ prefix: '/api' });
  registerSystemRoutes(api, deps);
  registerAuthRoutes(api, deps);
  registerApiKeyRoutes(api, deps);
  registerDashboardRoutes(api, deps);
  registerCacheRoutes(api, deps);
  registerPasteRoutes(api, deps);
  registerAccessLogRoutes(api, deps);
  registerStorageConfigRoutes(api, deps);
  registerFileRoutes(api, deps);
  registerUrlRoutes(api, deps);
  registerMountRoutes(api, deps);
  registerFsRoutes(api, deps);
  registerFsThumbnailRoutes(api, deps);
  registerFsCopyRoutes(api, deps);
  registerUploadRequestRoutes(api, deps);
  registerTaskRoutes(api, deps);
  registerPathShareRoutes(api, deps);
  // Last: it documents the table above (and itself).
  const routes: RouteEntry[] = [];
  registerOpenApiRoute(api, () => routes);
  routes.push(...routeTable(api));

  // A client writes whatever X-Forwarded-For it likes and each proxy appends the address it saw: only the
  // entry our outermost trusted proxy wrote, `trustProxyHops` from the right, names the client (ctx.ip).
  const app = new Koa({ proxy: config.trustProxyHops > 0, maxIpsCount: config.trustProxyHops });
  // Failures after the headers went out (a client leaving mid-download, a source cut at the size limit).
  app.on('error', (err: Error, ctx?: Koa.Context) =>
    logger.warn({ err: err.message, reqId: ctx?.state?.requestId }, 'response stream ended early'),
  );
  // Request id and log line, the request's origin, /dav, envelope, JSON body, input guard and route in
  // one layer (ADR 0024).
  app.use(
    requestPipeline({
      logger,
      dav: davWhenAsked(async () => (await import('./webdav/wire.ts')).createDav(services, authBudget)),
      body: smallJsonBody(),
      route: routeDispatch(api),
      rememberOrigin: !config.publicUrl,
    }),
  );
  if (config.webDir) app.use(serveWebApp(config.webDir));

  const server = app.listen(config.port, config.host);
  answerClientErrors(server);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
  } catch (err) {
    // Nothing was created yet (no first admin): a later start begins from the same state.
    await services.storageConfigs.close();
    await db.close();
    throw err;
  }
  const address = server.address() as AddressInfo;
  const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  listeningUrl = url;

  // The first admin is made only once the server can serve, so its generated password is printed by a
  // start that works (a start that fails earlier, e.g. on a taken port, creates nothing).
  const firstAdmin = await services.adminAuth.ensureFirstAdmin(config.adminUsername, config.adminPassword);

  const scheduler = createScheduler(logger, clock);
  scheduler.start('sweep-pastes', config.sweepIntervalMs, services.sweepPastes);
  scheduler.start('sweep-files', config.sweepIntervalMs, services.sweepFiles);
  scheduler.start('sweep-access-log', config.sweepIntervalMs, () => services.sweepAccessLog());
  scheduler.start('sweep-uploads', config.sweepIntervalMs, () => services.sweepUploads());
  scheduler.start('sweep-request-uploads', config.sweepIntervalMs, () =>
    services.uploadRequests.uploads.sweep(),
  );
  scheduler.start('sweep-thumbnails', config.sweepIntervalMs, () => services.thumbnails.sweep());
  scheduler.start('sweep-storage-uploads', config.sweepIntervalMs, () => services.sweepStorageUploads());
  // Spool files of uploads (file shares' and the file system's) a dead process left behind (live ones
  // are far younger than the deadline).
  scheduler.start('sweep-upload-spool', config.sweepIntervalMs, () =>
    sweepSpool(spoolDir(config.dataDir), UPLOAD_DEADLINE_MS),
  );
  if (config.taskPollMs > 0) taskRunner.start();
  // Share objects an older server kept in the mount namespace move into .clip/shares (ADR 0040): at
  // once, and again with the sweeps for shares that were still uploading or a storage that failed.
  const stopMoves = new AbortController();
  const moveObjects = () => services.files.moveLegacyObjects(stopMoves.signal);
  const firstMoves = moveObjects().catch((err) => logger.error({ err }, 'moving share objects failed'));
  scheduler.start('move-share-objects', config.sweepIntervalMs, moveObjects);

  return {
    url,
    services,
    routes,
    firstAdmin,
    async close({ graceMs = 0 } = {}) {
      stopMoves.abort();
      await firstMoves;
      await scheduler.stopAll();
      await taskRunner.stop();
      // Events of the last requests are written before the database closes.
      await accessRecorder.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        if (graceMs <= 0) server.closeAllConnections();
        else setTimeout(() => server.closeAllConnections(), graceMs).unref();
      });
      await services.storageConfigs.close();
      await db.close();
    },
  };
}
