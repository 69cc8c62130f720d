// @clip-databases postgres
// upload/direct.test.ts through the cluster behind nginx (docs/guide/scaling.md's configuration) instead of HAProxy.
import { useClusterTarget } from './target.ts';

useClusterTarget('nginx');
await import('../upload/direct.test.ts');
