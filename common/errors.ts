/**
 * The error vocabulary main, the API client and the popover share: why a sign-in failed, so the form can
 * point at the right field. The client's errors carry it (main/classcharts/errors.ts); the contract's
 * `auth:login` answer names it (common/contract/messages.ts).
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
