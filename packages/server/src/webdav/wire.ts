/** Builds the `/dav` middleware from the app's services (called once, by app.ts). */
import type { AuthBudget } from '../services/authBudget.ts';
import type { Services } from '../services/container.ts';
import { createDavAuth } from './auth.ts';
import { createFsAdapter, type FsAdapterDeps } from './fsAdapter.ts';
import { davMiddleware } from './index.ts';

export function createDav(services: Services, budget: AuthBudget) {
  const adapterDeps: Omit<FsAdapterDeps, 'fs'> = {
    maxUploadBytes: () => services.settings.maxUploadBytes(),
    async quota(storageConfigId) {
      // What the write admission counts, so the quota a client reads is what its next PUT is held to.
      const { used, total } = await services.admission.usage(storageConfigId);
      if (total === null) return null;
      return { used, available: Math.max(0, total - used) };
    },
  };
  const authenticate = createDavAuth({
    adminAuth: services.adminAuth,
    apiKeys: services.apiKeys,
    budget,
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
