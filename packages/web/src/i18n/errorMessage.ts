/** Turns any failure into a message in the interface language (spec section 8's catalogue). */
import { ClipError, DEFAULT_MESSAGES, type ErrorCode } from '@clip/sdk';
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { InsufficientPermissionsError } from '../stores/auth.ts';

function defaultMessage(message: string): string | null {
  switch (message) {
    case DEFAULT_MESSAGES.wrongPassword:
      return t`Wrong password`;
    case DEFAULT_MESSAGES.verificationFailed:
      return t`Verification failed`;
    case DEFAULT_MESSAGES.adminSessionExpired:
      return t`Admin session expired, please log in again`;
    case DEFAULT_MESSAGES.apiKeyInvalid:
      return t`API key invalid or expired`;
    case DEFAULT_MESSAGES.unauthorized:
      return t`Unauthorized, please log in and retry`;
    case DEFAULT_MESSAGES.slugTaken:
      return t`Link suffix already taken, try another`;
    case DEFAULT_MESSAGES.requestFailed:
      return t`Request failed`;
    case DEFAULT_MESSAGES.network:
      return t`Network error, check the connection`;
    case DEFAULT_MESSAGES.timeout:
      return t`Request timed out, the server took too long`;
    case DEFAULT_MESSAGES.cancelled:
      return t`Request cancelled`;
    case DEFAULT_MESSAGES.parse:
      return t`Could not read the server's response`;
    case DEFAULT_MESSAGES.permissionRequired:
      return t`Permission required, please log in or configure an API key`;
    case DEFAULT_MESSAGES.uploadCancelled:
      return t`Upload cancelled`;
    case DEFAULT_MESSAGES.partFailed:
      return t`A part of the upload failed`;
    default:
      return prefixedMessage(message);
  }
}

/** Messages the SDK builds as "<catalogue text>: <details>": the text is translated, the details kept. */
function prefixedMessage(message: string): string | null {
  const details = (prefix: string) =>
    message.startsWith(`${prefix}: `) ? message.slice(prefix.length + 2) : null;
  const presign = details(DEFAULT_MESSAGES.presignFailed);
  if (presign !== null) return t`Could not prepare the upload: ${presign}`;
  const storage = details(DEFAULT_MESSAGES.insufficientStorage);
  if (storage !== null) return t`Not enough storage space: ${storage}`;
  const part = details(DEFAULT_MESSAGES.partFailed);
  if (part !== null) return t`A part of the upload failed: ${part}`;
  return null;
}

/**
 * A message in the interface language for every machine code the server or SDK answers (the Record
 * type makes a new code a compile error until it has one).
 */
const CODE_MESSAGES: Record<ErrorCode, () => string> = {
  BAD_REQUEST: () => t`The request was not accepted`,
  VALIDATION_FAILED: () => t`Some values are not valid`,
  MALFORMED_JSON: () => t`The request could not be read`,
  UNAUTHORIZED: () => t`Unauthorized, please log in and retry`,
  INVALID_CREDENTIALS: () => t`Invalid username or password`,
  INVALID_TOKEN: () => t`Admin session expired, please log in again`,
  INVALID_API_KEY: () => t`API key invalid or expired`,
  WRONG_PASSWORD: () => t`Wrong password`,
  FORBIDDEN: () => t`You do not have permission for this`,
  NOT_FOUND: () => t`Not found`,
  ROUTE_NOT_FOUND: () => t`Not found`,
  SLUG_TAKEN: () => t`Link suffix already taken, try another`,
  CONFLICT: () => t`This conflicts with something that already exists`,
  IN_USE: () => t`Still in use, so it cannot be removed`,
  GONE: () => t`This share has expired or reached its view limit`,
  LOCKED: () => t`Locked by a WebDAV client: try again once it lets go`,
  PAYLOAD_TOO_LARGE: () => t`Too large for the server's limit`,
  RATE_LIMITED: () => t`Too many attempts, try again later`,
  UPSTREAM_FAILED: () => t`The remote server or storage could not be reached or refused`,
  INTERNAL: () => t`The server ran into an error`,
  NETWORK_ERROR: () => t`Network error, check the connection`,
  TIMEOUT: () => t`Request timed out, the server took too long`,
  CANCELLED: () => t`Request cancelled`,
  BAD_RESPONSE: () => t`Could not read the server's response`,
  PRESIGN_FAILED: () => t`Could not prepare the upload`,
  PART_FAILED: () => t`A part of the upload failed`,
  INSUFFICIENT_STORAGE: () => t`Not enough storage space`,
  METHOD_NOT_ALLOWED: () => t`This action is not supported here`,
  URI_TOO_LONG: () => t`The address is too long`,
  HEADERS_TOO_LARGE: () => t`The request headers are too large`,
  UNSUPPORTED_TYPE: () => t`This type of file is not accepted here`,
};

/**
 * The server's own message is English and often more precise ("the URL points to a private
 * address"): shown as is in the English interface; in another language the code's translation.
 */
function codeMessage(err: ClipError): string | null {
  const translated = CODE_MESSAGES[err.code]?.();
  if (!translated) return null;
  if (i18n.locale === 'en' && err.message && !ALWAYS_OWN_WORDS.has(err.code)) return err.message;
  return translated;
}

/** Codes whose own wording reads better than the server's in every language. */
const ALWAYS_OWN_WORDS = new Set<ErrorCode>([
  'INVALID_CREDENTIALS',
  'RATE_LIMITED',
  'GONE',
  'PAYLOAD_TOO_LARGE',
  'SLUG_TAKEN',
]);

export function errorMessage(err: unknown): string {
  if (err instanceof InsufficientPermissionsError)
    return t`Insufficient permissions: this key grants nothing`;
  if (err instanceof ClipError) return defaultMessage(err.message) ?? codeMessage(err) ?? err.message;
  if (err instanceof Error && err.message) return err.message;
  return t`Something went wrong`;
}
