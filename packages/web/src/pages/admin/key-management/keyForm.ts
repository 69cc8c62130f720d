/**
 * The API key form (spec section 5): name required; expiry 1 day, 7 days, 30 days, never or a custom
 * number of days; an optional custom key of letters, digits, underscore and hyphen; a basic path.
 * Problems are codes the dialog translates; bodies carry ISO expiry times as the API expects.
 */
import type { ApiKey, CreateApiKeyBody, UpdateApiKeyBody } from '@clip/sdk';
import { CUSTOM_KEY_MAX, CUSTOM_KEY_MIN, CUSTOM_KEY_PATTERN, normalizeScopePath } from '@clip/sdk';

const DAY_MS = 86_400_000;

export type KeyExpiry = 'keep' | '1' | '7' | '30' | 'never' | 'custom';

export interface KeyFormState {
  name: string;
  text: boolean;
  file: boolean;
  mount: boolean;
  expiry: KeyExpiry;
  customDays: string;
  useCustomKey: boolean;
  customKey: string;
  basicPath: string;
}

export type KeyProblem =
  | 'name-empty'
  | 'days-invalid'
  | 'custom-key-empty'
  | 'custom-key-chars'
  | 'custom-key-short'
  | 'custom-key-long'
  | 'path-invalid';
export type KeyProblems = Partial<Record<'name' | 'expiry' | 'customKey' | 'basicPath', KeyProblem>>;

export function newKeyForm(): KeyFormState {
  return {
    name: '',
    text: true,
    file: false,
    mount: false,
    expiry: '30',
    customDays: '90',
    useCustomKey: false,
    customKey: '',
    basicPath: '/',
  };
}

export function editKeyForm(key: ApiKey): KeyFormState {
  return {
    ...newKeyForm(),
    name: key.name,
    text: key.text_permission,
    file: key.file_permission,
    mount: key.mount_permission,
    expiry: 'keep',
    basicPath: key.basic_path,
  };
}

export function validateKeyForm(state: KeyFormState, creating: boolean): KeyProblems {
  const problems: KeyProblems = {};
  if (!state.name.trim()) problems.name = 'name-empty';
  if (state.expiry === 'custom') {
    const days = Number(state.customDays);
    if (!state.customDays.trim() || !Number.isFinite(days) || days <= 0 || days > 36_500)
      problems.expiry = 'days-invalid';
  }
  if (creating && state.useCustomKey) {
    const key = state.customKey.trim();
    if (!key) problems.customKey = 'custom-key-empty';
    else if (!new RegExp(CUSTOM_KEY_PATTERN).test(key)) problems.customKey = 'custom-key-chars';
    else if (key.length < CUSTOM_KEY_MIN) problems.customKey = 'custom-key-short';
    else if (key.length > CUSTOM_KEY_MAX) problems.customKey = 'custom-key-long';
  }
  if (normalizeScopePath(state.basicPath.trim() || '/') === null) problems.basicPath = 'path-invalid';
  return problems;
}

/** The expiry as the API wants it: an ISO time, null for never, undefined to keep the current one. */
export function expiresAt(
  state: Pick<KeyFormState, 'expiry' | 'customDays'>,
  now = Date.now(),
): string | null | undefined {
  switch (state.expiry) {
    case 'keep':
      return undefined;
    case 'never':
      return null;
    case 'custom':
      return new Date(now + Math.round(Number(state.customDays) * DAY_MS)).toISOString();
    default:
      return new Date(now + Number(state.expiry) * DAY_MS).toISOString();
  }
}

export function createBody(state: KeyFormState, now = Date.now()): CreateApiKeyBody {
  const body: CreateApiKeyBody = {
    name: state.name.trim(),
    text_permission: state.text,
    file_permission: state.file,
    mount_permission: state.mount,
    basic_path: normalizeScopePath(state.basicPath.trim() || '/') ?? '/',
    expires_at: expiresAt(state, now) ?? null,
  };
  if (state.useCustomKey) body.custom_key = state.customKey.trim();
  return body;
}

/** Only what changed. */
export function updateBody(state: KeyFormState, key: ApiKey, now = Date.now()): UpdateApiKeyBody {
  const body: UpdateApiKeyBody = {};
  if (state.name.trim() !== key.name) body.name = state.name.trim();
  if (state.text !== key.text_permission) body.text_permission = state.text;
  if (state.file !== key.file_permission) body.file_permission = state.file;
  if (state.mount !== key.mount_permission) body.mount_permission = state.mount;
  const path = normalizeScopePath(state.basicPath.trim() || '/') ?? '/';
  if (path !== key.basic_path) body.basic_path = path;
  const expiry = expiresAt(state, now);
  if (expiry !== undefined) body.expires_at = expiry;
  return body;
}

/** Shown in the table: the start of the key, the rest hidden. */
export const maskKey = (key: string): string =>
  key.length <= 8 ? '••••••••' : `${key.slice(0, 6)}••••${key.slice(-4)}`;
