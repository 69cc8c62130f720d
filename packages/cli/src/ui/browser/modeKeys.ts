/**
 * Keys while a mode other than the list holds the keyboard: the filter line, a typed prompt, a y/n
 * confirmation, and the help and preview screens. Answers whether the key was taken.
 */
import type { Key } from 'ink';
import type { Mode } from './views.ts';

export interface ModeContext {
  mode: Mode;
  setMode: (mode: Mode) => void;
  setFilter: (update: (filter: string) => string) => void;
  setCursor: (cursor: number) => void;
  setStatus: (text: string) => void;
  perform: (work: () => Promise<string>) => Promise<void>;
}

/** Editing keys of a one-line input: answers the new value, or null when the key is not an edit. */
export function editLine(value: string, input: string, key: Key): string | null {
  if (key.backspace || key.delete) return value.slice(0, -1);
  if (input && !key.ctrl && !key.meta) return value + input;
  return null;
}

export function modeKey(ctx: ModeContext, input: string, key: Key): boolean {
  const { mode, setMode } = ctx;
  switch (mode.kind) {
    case 'filter':
      if (key.escape) {
        ctx.setFilter(() => '');
        setMode({ kind: 'list' });
      } else if (key.return) setMode({ kind: 'list' });
      else if (key.backspace || key.delete) ctx.setFilter((f) => f.slice(0, -1));
      else if (input && !key.ctrl && !key.meta) {
        ctx.setFilter((f) => f + input);
        ctx.setCursor(0);
      }
      return true;
    case 'prompt': {
      if (key.escape) setMode({ kind: 'list' });
      else if (key.return) {
        setMode({ kind: 'list' });
        const value = mode.value.trim();
        if (value) void ctx.perform(() => mode.run(value));
      } else {
        const next = editLine(mode.value, input, key);
        if (next !== null) setMode({ ...mode, value: next });
      }
      return true;
    }
    case 'confirm':
      setMode({ kind: 'list' });
      if (input === 'y' || input === 'Y') void ctx.perform(mode.run);
      else ctx.setStatus('cancelled');
      return true;
    case 'help':
    case 'preview':
      if (input === 'q') return false;
      if (input === '?' || key.escape || key.return || input === 'p' || key.backspace)
        setMode({ kind: 'list' });
      return true;
    default:
      return false;
  }
}
