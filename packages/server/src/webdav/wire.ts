/** Builds the `/dav` middleware from the app's services (called once, by app.ts). */
import type { Services } from '../services/container.ts';
import type { RateLimiter } from '../services/rateLimiter.ts';
import { createDavAuth } from './auth.ts';
import { createFsAdapter, type FsAdapterDeps } from './fsAdapter.ts';
import { davMiddleware } from './index.ts';

export function createDav(services: Services, limiter: RateLimiter) {
  const { knex } = services.db;
  const adapterDeps: Omit<FsAdapterDeps, 'fs'> = {
    maxUploadBytes: () => services.settings.maxUploadBytes(),
    async quota(storageConfigId) {
      const config = await services.storageConfigs.resolve(storageConfigId);
      if (!config || config.total_storage_bytes === null) return null;
      const used = await services.files.deps.repo.usedBytes(config.id);
      return { used, available: Math.max(0, config.total_storage_bytes - used) };
    },
  };
  const authenticate = createDavAuth({
    knex,
    adminAuth: services.adminAuth,
    apiKeys: services.apiKeys,
    limiter,
  });
  return davMiddleware(
    {
      fs: createFsAdapter({ ...adapterDeps, fs: services.fs }),
      fsWithTokens: (tokens) => createFsAdapter({ ...adapterDeps, fs: services.fs.withLockTokens(tokens) }),
      props: services.fs.props,
      locks: services.fs.locks,
      uploadMode: async () => (await services.settings.get()).webdav_upload_mode,
      publicUrl: () => services.publicUrl(),
      logger: services.logger,
    },
    authenticate,
  );
}
