/**
 * The error vocabulary main, the API client and the popover share: why a sign-in failed, so the form can
 * point at the right field. The client's errors carry it (main/classcharts/errors.ts); the contract's
 * `auth:login` answer names it (common/contract/messages.ts). Also how any thrown value is written in a log
 * line, an event or a report ({@link errorText}).
 */

/** Why a sign-in failed, so the form can point at the right field. */
export type LoginErrorCode =
  | 'wrong-code'
  | 'wrong-date-of-birth'
  | 'wrong-credentials'
  | 'invalid-input'
  | 'offline'
  | 'service'
  | 'keychain'
  | 'no-pupils';

/**
 * Any thrown value as one short line for a log, an event or a report: `Name: message` for an Error of a
 * named class (`NetworkError: …`), the message alone for a plain `Error`, `String(value)` for anything else.
 * Secret-free as long as the message is (the app's errors never put tokens, codes or passwords in theirs).
 */
export function errorText(error: unknown): string {
  if (error instanceof Error)
    return error.name && error.name !== 'Error' ? `${error.name}: ${error.message}` : error.message;
  return String(error);
}
