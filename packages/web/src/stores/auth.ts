/**
 * The auth store (spec sections 3, 4 and 8): which credential the app holds, restored from storage
 * at start, revalidated when older than five minutes, and cleared with three events on logout.
 */
import {
  type ApiKeyInfo,
  AUTH_REVALIDATE_MS,
  type AuthType,
  type ClipClient,
  ClipError,
  type Permissions,
  STORAGE_KEYS,
} from '@clip/sdk';
import { batch, computed, signal } from '@preact/signals-react';
import type { KeyValueStorage } from './storage.ts';

export const AUTH_EVENTS = ['auth-state-changed', 'admin-token-expired', 'api-key-invalid'] as const;
export const ADMIN_DISPLAY_NAME = 'Administrator';
export const NO_PERMISSIONS: Permissions = { text: false, file: false, mount: false };

export interface AuthSnapshot {
  authType: AuthType;
  adminToken: string | null;
  apiKey: string | null;
  permissions: Permissions;
  keyInfo: ApiKeyInfo | null;
  /** Display name: the admin's username, or the key's name. */
  name: string | null;
}

export const SIGNED_OUT: AuthSnapshot = {
  authType: 'none',
  adminToken: null,
  apiKey: null,
  permissions: NO_PERMISSIONS,
  keyInfo: null,
  name: null,
};

/** Raised by a key login that verifies but grants nothing (spec section 8, "insufficient permissions"). */
export class InsufficientPermissionsError extends Error {
  constructor() {
    super('insufficient permissions');
    this.name = 'InsufficientPermissionsError';
  }
}

function parseJson<T>(raw: string | null): T | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** What storage says at start: an admin token is an admin session named Administrator; a key brings its permissions. */
export function readStoredAuth(storage: KeyValueStorage): AuthSnapshot {
  const adminToken = storage.getItem(STORAGE_KEYS.adminToken);
  if (adminToken) return { ...SIGNED_OUT, authType: 'admin', adminToken, name: ADMIN_DISPLAY_NAME };
  const apiKey = storage.getItem(STORAGE_KEYS.apiKey);
  if (!apiKey) return SIGNED_OUT;
  const stored = parseJson<Partial<Permissions>>(storage.getItem(STORAGE_KEYS.apiKeyPermissions));
  const keyInfo = parseJson<ApiKeyInfo>(storage.getItem(STORAGE_KEYS.apiKeyInfo));
  const permissions = { text: !!stored?.text, file: !!stored?.file, mount: !!stored?.mount };
  return { ...SIGNED_OUT, authType: 'apikey', apiKey, permissions, keyInfo, name: keyInfo?.name ?? null };
}

export function writeStoredAuth(storage: KeyValueStorage, snapshot: AuthSnapshot): void {
  for (const key of [
    STORAGE_KEYS.adminToken,
    STORAGE_KEYS.apiKey,
    STORAGE_KEYS.apiKeyPermissions,
    STORAGE_KEYS.apiKeyInfo,
  ])
    storage.removeItem(key);
  if (snapshot.authType === 'admin' && snapshot.adminToken)
    storage.setItem(STORAGE_KEYS.adminToken, snapshot.adminToken);
  if (snapshot.authType === 'apikey' && snapshot.apiKey) {
    storage.setItem(STORAGE_KEYS.apiKey, snapshot.apiKey);
    storage.setItem(STORAGE_KEYS.apiKeyPermissions, JSON.stringify(snapshot.permissions));
    if (snapshot.keyInfo) storage.setItem(STORAGE_KEYS.apiKeyInfo, JSON.stringify(snapshot.keyInfo));
  }
}

export function revalidationNeeded(authType: AuthType, lastValidatedAt: number, now: number): boolean {
  return authType !== 'none' && now - lastValidatedAt > AUTH_REVALIDATE_MS;
}

/** The admin panel is open to the admin and to keys with at least one permission (spec section 6). */
export function canOpenAdmin(snapshot: Pick<AuthSnapshot, 'authType' | 'permissions'>): boolean {
  if (snapshot.authType === 'admin') return true;
  const p = snapshot.permissions;
  return snapshot.authType === 'apikey' && (p.text || p.file || p.mount);
}

/** True when the server itself refused the credential (not when it could not be reached). */
function isRejection(err: unknown): boolean {
  return err instanceof ClipError && (err.status === 401 || err.status === 403);
}

export interface AuthStoreDeps {
  client: ClipClient;
  storage: KeyValueStorage;
  /** Where the three logout events are raised: `window` in the browser. */
  events: EventTarget;
  now?: () => number;
  /** Called on every logout (asked for or forced by a 401): the app clears the cached API answers there. */
  onSignedOut?: () => void;
}

export function createAuthStore({ client, storage, events, now = Date.now, onSignedOut }: AuthStoreDeps) {
  const state = signal<AuthSnapshot>(readStoredAuth(storage));
  const lastValidatedAt = signal(0);
  let loginInFlight = false;
  let revalidation: Promise<boolean> | null = null;

  const applyToClient = (s: AuthSnapshot) => {
    if (s.authType === 'admin' && s.adminToken) client.setAuth({ type: 'admin', token: s.adminToken });
    else if (s.authType === 'apikey' && s.apiKey) client.setAuth({ type: 'apikey', key: s.apiKey });
    else client.setAuth({ type: 'none' });
  };
  applyToClient(state.value);

  const emit = (...names: (typeof AUTH_EVENTS)[number][]) => {
    for (const name of names) events.dispatchEvent(new Event(name));
  };

  const commit = (next: AuthSnapshot, validated: boolean) => {
    batch(() => {
      state.value = next;
      lastValidatedAt.value = validated ? now() : 0;
    });
    writeStoredAuth(storage, next);
    applyToClient(next);
    emit('auth-state-changed');
  };

  function logout(options: { remote?: boolean } = {}): void {
    // The server-side logout is sent with the token still attached, and never waited for.
    if (options.remote !== false && state.value.authType === 'admin')
      client.auth.logout().catch(() => undefined);
    batch(() => {
      state.value = SIGNED_OUT;
      lastValidatedAt.value = 0;
    });
    writeStoredAuth(storage, SIGNED_OUT);
    applyToClient(SIGNED_OUT);
    onSignedOut?.();
    emit(...AUTH_EVENTS);
  }

  async function loginAdmin(username: string, password: string): Promise<void> {
    const { token } = await client.auth.login(username, password);
    commit(
      { ...SIGNED_OUT, authType: 'admin', adminToken: token, name: username || ADMIN_DISPLAY_NAME },
      true,
    );
  }

  async function loginApiKey(apiKey: string): Promise<void> {
    const previous = state.value;
    loginInFlight = true;
    client.setAuth({ type: 'apikey', key: apiKey });
    try {
      const { permissions, key_info } = await client.auth.verifyApiKey();
      if (!permissions.text && !permissions.file && !permissions.mount)
        throw new InsufficientPermissionsError();
      commit(
        { ...SIGNED_OUT, authType: 'apikey', apiKey, permissions, keyInfo: key_info, name: key_info.name },
        true,
      );
    } catch (err) {
      // Spec section 4: a mismatched key restores the previous key and type, then logs out.
      state.value = previous;
      applyToClient(previous);
      logout({ remote: false });
      throw err;
    } finally {
      loginInFlight = false;
    }
  }

  async function validate(): Promise<boolean> {
    const s = state.value;
    if (s.authType === 'none') return false;
    try {
      if (s.authType === 'admin') {
        const info = await client.auth.verifyAdminToken();
        if (state.value !== s) return state.value.authType !== 'none';
        commit({ ...s, name: info.username || ADMIN_DISPLAY_NAME }, true);
      } else {
        const { permissions, key_info } = await client.auth.verifyApiKey();
        if (state.value !== s) return state.value.authType !== 'none';
        commit({ ...s, permissions, keyInfo: key_info, name: key_info.name }, true);
      }
      return true;
    } catch (err) {
      if (isRejection(err) && state.value === s) {
        logout({ remote: false });
        return false;
      }
      // Unreachable server (offline): keep the session, it is revalidated next time.
      return state.value.authType !== 'none';
    }
  }

  /** Validates the session with the server; concurrent callers share one request. */
  function revalidate(): Promise<boolean> {
    revalidation ??= validate().finally(() => {
      revalidation = null;
    });
    return revalidation;
  }

  /**
   * The SDK's 401 hook (spec section 8): the session is over, unless a login is being tried right now.
   * Answers false for a login attempt: its form reports the failure, so nothing else should.
   */
  function handleSessionEnded(_error: ClipError, authType: AuthType): boolean {
    if (loginInFlight) return false;
    if (authType === state.value.authType) logout({ remote: false });
    return true;
  }

  const isAdmin = computed(() => state.value.authType === 'admin');
  const isAuthenticated = computed(() => state.value.authType !== 'none');
  const userInfo = computed(() => ({
    name: state.value.name,
    basicPath: state.value.authType === 'admin' ? '/' : (state.value.keyInfo?.basic_path ?? '/'),
  }));
  const permissions = computed<Permissions>(() =>
    state.value.authType === 'admin' ? { text: true, file: true, mount: true } : state.value.permissions,
  );

  return {
    state,
    isAdmin,
    isAuthenticated,
    userInfo,
    permissions,
    lastValidatedAt,
    needsRevalidation: () => revalidationNeeded(state.value.authType, lastValidatedAt.value, now()),
    canOpenAdmin: () => canOpenAdmin(state.value),
    loginAdmin,
    loginApiKey,
    revalidate,
    logout,
    handleSessionEnded,
  };
}
export type AuthStore = ReturnType<typeof createAuthStore>;
