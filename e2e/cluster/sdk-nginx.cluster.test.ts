// @clip-databases postgres
// sdk.test.ts through the cluster behind nginx (docs/guide/scaling.md's configuration) instead of HAProxy.
import { useClusterTarget } from './target.ts';

useClusterTarget('nginx');
await import('../sdk.test.ts');
