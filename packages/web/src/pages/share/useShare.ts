import { ClipError } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useState } from 'react';
import { errorMessage } from '../../i18n/errorMessage.ts';

export type ShareState<T> =
  | { kind: 'loading' }
  | { kind: 'locked' }
  | { kind: 'ready'; share: T }
  | { kind: 'missing' }
  | { kind: 'gone' }
  | { kind: 'failed'; message: string };

function failureState<T>(err: unknown): ShareState<T> {
  if (err instanceof ClipError && err.status === 404) return { kind: 'missing' };
  if (err instanceof ClipError && err.status === 410) return { kind: 'gone' };
  return { kind: 'failed', message: errorMessage(err) };
}

/**
 * A share as its reader opens it (any kind): the first read (which counts a view, so the route
 * loader's prefetch is used when there is one), the password prompt's state, and a retry.
 */
export function useShare<T>(options: {
  slug: string;
  load: () => Promise<T | { requires_password: true }>;
  unlock: (password: string) => Promise<T>;
  /** Values whose change means "load again" besides the slug (the client, the prefetch store). */
  deps: unknown[];
}) {
  const { t } = useLingui();
  const [state, setState] = useState<ShareState<T>>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [unlocking, setUnlocking] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's way to load again; `load` changes every render
  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    options.load().then(
      (answer) =>
        live &&
        setState(
          answer && typeof answer === 'object' && 'requires_password' in answer
            ? { kind: 'locked' }
            : { kind: 'ready', share: answer as T },
        ),
      (err) => live && setState(failureState<T>(err)),
    );
    return () => {
      live = false;
    };
  }, [options.slug, attempt, ...options.deps]);

  async function submitPassword(e: FormEvent) {
    e.preventDefault();
    if (!password) return setPasswordError(t`Enter the password`);
    setUnlocking(true);
    setPasswordError(null);
    try {
      setState({ kind: 'ready', share: await options.unlock(password) });
    } catch (err) {
      if (err instanceof ClipError && err.status === 401) setPasswordError(errorMessage(err));
      else setState(failureState<T>(err));
    } finally {
      setUnlocking(false);
    }
  }

  return {
    state,
    retry: () => setAttempt((n) => n + 1),
    password,
    setPassword,
    passwordError,
    unlocking,
    submitPassword,
  };
}

/** What useShare hands to the share view: the state and the password prompt's handlers. */
export type ShareHandle<T> = ReturnType<typeof useShare<T>>;
