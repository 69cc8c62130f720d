/** Online state from the browser; listeners run when the connection comes back. */
import { signal } from '@preact/signals-react';

export function createOnlineStore(
  win: Pick<Window, 'addEventListener'> & { navigator: { onLine: boolean } },
) {
  const online = signal(win.navigator.onLine);
  const onReconnect: (() => void)[] = [];
  win.addEventListener('online', () => {
    online.value = true;
    for (const listener of onReconnect) listener();
  });
  win.addEventListener('offline', () => {
    online.value = false;
  });
  return { online, whenBackOnline: (listener: () => void) => void onReconnect.push(listener) };
}
export type OnlineStore = ReturnType<typeof createOnlineStore>;
