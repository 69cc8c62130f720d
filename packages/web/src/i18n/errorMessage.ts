/** Turns any failure into a message in the interface language (spec section 8's catalogue). */
import { ClipError, DEFAULT_MESSAGES } from '@clip/sdk';
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

function codeMessage(err: ClipError): string | null {
  switch (err.code) {
    case 'INVALID_CREDENTIALS':
      return t`Invalid username or password`;
    case 'RATE_LIMITED':
      return t`Too many attempts, try again later`;
    case 'GONE':
      return t`This share has expired or reached its view limit`;
    case 'PAYLOAD_TOO_LARGE':
      return t`Too large for the server's limit`;
    case 'SLUG_TAKEN':
      return t`Link suffix already taken, try another`;
    default:
      return null;
  }
}

export function errorMessage(err: unknown): string {
  if (err instanceof InsufficientPermissionsError)
    return t`Insufficient permissions: this key grants nothing`;
  if (err instanceof ClipError) return defaultMessage(err.message) ?? codeMessage(err) ?? err.message;
  if (err instanceof Error && err.message) return err.message;
  return t`Something went wrong`;
}
