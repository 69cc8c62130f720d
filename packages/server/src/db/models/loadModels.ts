/** The models, imported once on first use (architecture.md, "load on first need"). */
type Models = typeof import('./index.ts');

let loading: Promise<Models> | null = null;

export function loadModels(): Promise<Models> {
  loading ??= import('./index.ts');
  return loading;
}
