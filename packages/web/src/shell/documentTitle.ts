/**
 * A page that knows a better title than its route's (a share's own title or file name) sets it here;
 * the shell's title effect prefers it while that page is shown.
 */
import { signal } from '@preact/signals-react';
import { useEffect } from 'react';

export const titleOverride = signal<string | null>(null);

export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return;
    titleOverride.value = title;
    return () => {
      titleOverride.value = null;
    };
  }, [title]);
}
