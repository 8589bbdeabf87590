/**
 * Typed errors of the ClassCharts client. Every failure the client reports is one of these, so callers
 * (session keeper, sync, CLI) can decide what to do from the class alone: sign in again, retry later,
 * tell the user to fix a field, or show "offline".
 *
 * Each error carries:
 * - `code`: a stable machine code; for sign-in failures it is the contract's `LoginErrorCode`
 *   (common/contract), plus `session-expired` for a session the service no longer accepts;
 * - `userMessage`: one sentence a pupil or parent understands, fit to show as is;
 * - `message`: a technical line for the log. Neither message ever holds a session token, an access code,
 *   a date of birth, an email address or a password.
 *
 * Sources: docs/classcharts-api.md §2.1 (failed login), §2.6 (expired session), §3 (error strings,
 * non-JSON answers), §8.7 (errors are `success: 0` bodies).
 */
import type { LoginErrorCode } from '../../common/errors';

/**
 * A machine code for a client error: the contract's sign-in codes, plus `session-expired`, and the
 * attachment download's `link-expired`, `not-found` and `too-big`.
 */
export type ClassChartsErrorCode =
  LoginErrorCode | 'session-expired' | 'link-expired' | 'not-found' | 'too-big';

/** Which sign-in field an error points at (the contract's `LoginResult.field`). */
export type CredentialField = 'code' | 'dateOfBirth' | 'email' | 'password';

/** The base of every error the client throws. Never thrown itself. */
export abstract class ClassChartsError extends Error {
  /** Stable machine code (see {@link ClassChartsErrorCode}). */
  abstract readonly code: ClassChartsErrorCode;
  /** One sentence for a pupil or parent; holds no secret. */
  readonly userMessage: string;

  protected constructor(message: string, userMessage: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.userMessage = userMessage;
  }
}

/**
 * The service did not accept the sign-in details (form login answered without a session cookie).
 * `field` says which one is wrong when the client could tell: for a student, the `hasdob` probe tells a
 * wrong access code from a wrong date of birth; for a parent the service never says which.
 */
export class WrongCredentialsError extends ClassChartsError {
  readonly code: 'wrong-code' | 'wrong-date-of-birth' | 'wrong-credentials';
  /** The wrong field, or `undefined` when the service did not say (e.g. "code or date of birth"). */
  readonly field: CredentialField | undefined;

  /**
   * `dateOfBirthGiven`: false when a student sent no date of birth (a code-only sign-in); a refusal that is
   * about the date then asks for it instead of calling it wrong.
   */
  constructor(kind: 'student' | 'parent', field?: CredentialField, dateOfBirthGiven = true) {
    super(
      `sign-in refused (${kind}${field ? `, wrong ${field}` : ''})`,
      WrongCredentialsError.describe(kind, field, dateOfBirthGiven),
    );
    this.field = field;
    this.code =
      field === 'code' ? 'wrong-code' : field === 'dateOfBirth' ? 'wrong-date-of-birth' : 'wrong-credentials';
  }

  private static describe(
    kind: 'student' | 'parent',
    field: CredentialField | undefined,
    dateOfBirthGiven: boolean,
  ): string {
    if (kind === 'parent') return 'That email address or password is not right. Check both and try again.';
    if (field === 'code')
      return 'ClassCharts does not recognise that access code. Check it, or ask your school for your code.';
    if (field === 'dateOfBirth' && !dateOfBirthGiven)
      return 'This access code also needs your date of birth. Enter it as day/month/year, e.g. 14/05/2012.';
    if (field === 'dateOfBirth')
      return 'That date of birth does not match this access code. Write it as day/month/year, e.g. 14/05/2012.';
    return 'The access code or date of birth is not right. Check both and try again.';
  }
}

/**
 * An argument was unusable before anything was sent: an empty access code, a date of birth that is not a
 * real DD/MM/YYYY date, a query date that is not a real YYYY-MM-DD date, a parent read without a pupil id.
 */
export class InvalidInputError extends ClassChartsError {
  readonly code = 'invalid-input' as const;
  /** The sign-in field at fault, when the input was a credential. */
  readonly field: CredentialField | undefined;

  constructor(technical: string, userMessage: string, field?: CredentialField) {
    super(`invalid input: ${technical}`, userMessage);
    this.field = field;
  }
}

/**
 * The session token is no longer accepted: the service answered `expired: 1` or "You are not logged in",
 * redirected an API call to its sign-in page, or the client holds no session at all. Sign in again.
 */
export class SessionExpiredError extends ClassChartsError {
  readonly code = 'session-expired' as const;

  constructor(technical: string) {
    super(`session expired: ${technical}`, 'Your ClassCharts session has ended. Sign in again to carry on.');
  }
}

/**
 * The service answered with its error envelope (`success: 0`) for a reason other than an expired
 * session, or refused outright (HTTP 429). `serviceMessage` is the service's own text.
 */
export class ServiceRefusedError extends ClassChartsError {
  readonly code = 'service' as const;
  /** The service's `error` text, e.g. `"You have reached the daily limit awarding this behaviour"`. */
  readonly serviceMessage: string;

  constructor(path: string, serviceMessage: string) {
    const text = serviceMessage.trim() || 'no reason given';
    super(`${path}: service refused: ${text}`, `ClassCharts said no: ${text}`);
    this.serviceMessage = text;
  }
}

/**
 * The service answered something that is not its API: an HTML page, an HTTP 5xx, a truncated body, JSON
 * that does not fit the expected shape, or an answer too large to read (past the transport's cap).
 * `excerpt` is a short, secret-free sample for the log. `userMessage` says the answer was not understood,
 * unless the thrower gives a sentence that fits better (e.g. for an answer too large).
 */
export class BadResponseError extends ClassChartsError {
  readonly code = 'service' as const;
  /** HTTP status of the answer, or `null` when not known. */
  readonly status: number | null;
  /** Up to ~160 characters of what came back (body start, or the schema problems), secrets redacted. */
  readonly excerpt: string;

  constructor(path: string, reason: string, status: number | null, excerpt: string, userMessage?: string) {
    super(
      `${path}: ${reason}${status === null ? '' : ` (HTTP ${status})`}: ${excerpt}`,
      userMessage ??
        'ClassCharts sent an answer this app does not understand. It may be down for maintenance; try again later.',
    );
    this.status = status;
    this.excerpt = excerpt;
  }
}

/** The request never got an answer: no network, DNS or connection failure, reset, or a timeout. */
export class NetworkError extends ClassChartsError {
  readonly code = 'offline' as const;
  /** `true` when the client gave up waiting (timeout through `AbortSignal`), `false` for a failure. */
  readonly timedOut: boolean;

  constructor(path: string, technical: string, timedOut: boolean, cause?: unknown) {
    super(
      `${path}: ${timedOut ? 'timed out' : 'network failure'}: ${technical}`,
      timedOut
        ? 'ClassCharts is taking too long to answer. Try again in a moment.'
        : 'Cannot reach ClassCharts. Check your internet connection.',
      { cause },
    );
    this.timedOut = timedOut;
  }
}

/**
 * A homework file's signed storage link is no longer valid: Google Cloud Storage answered HTTP 400
 * `ExpiredToken` (past its `Expires=`, about a day after the list was read) or HTTP 403 (`AccessDenied`,
 * `SignatureDoesNotMatch`: the signing key was rotated). Read the homework again for a fresh link.
 * Sources: GingerGigiCat/ClassChartsAndroid@27ba119819 `RequestMaker.kt:399` (the links), fog/fog-google
 * issue #264 (the XML error).
 */
export class AttachmentLinkExpiredError extends ClassChartsError {
  readonly code = 'link-expired' as const;

  constructor(status: number) {
    super(
      `attachment link refused (HTTP ${status}): expired or no longer signed`,
      "This file's link has expired.",
    );
  }
}

/** The file is not there any more (HTTP 404 or 410): the teacher removed it, or the link is wrong. */
export class AttachmentNotFoundError extends ClassChartsError {
  readonly code = 'not-found' as const;

  constructor(status: number) {
    super(`attachment not found (HTTP ${status})`, 'ClassCharts no longer has this file.');
  }
}

/** The file is larger than the download cap (`limitBytes`), by its Content-Length or by what arrived. */
export class AttachmentTooBigError extends ClassChartsError {
  readonly code = 'too-big' as const;
  /** The cap, in bytes. */
  readonly limitBytes: number;

  constructor(limitBytes: number) {
    super(
      `attachment larger than ${limitBytes} bytes`,
      `This file is larger than ${Math.round(limitBytes / 1_048_576)} MB, too big to open from here.`,
    );
    this.limitBytes = limitBytes;
  }
}

/** A parent account with no pupils attached (`/apiv2parent/pupils` returned none). */
export class NoPupilsError extends ClassChartsError {
  readonly code = 'no-pupils' as const;

  constructor() {
    super(
      'parent account has no pupils attached',
      'This parent account has no pupils linked to it yet. Ask the school to link your child.',
    );
  }
}

/** True for any error the client throws (any subclass of {@link ClassChartsError}). */
export function isClassChartsError(error: unknown): error is ClassChartsError {
  return error instanceof ClassChartsError;
}

/** Why a tick could not be set (see {@link HomeworkTickError}). */
export type HomeworkTickFailure = 'not-found' | 'not-tickable' | 'not-confirmed';

/**
 * Ticking a homework off (or unticking it) did not end in the state asked for:
 * - `not-found`: no homework with that id in the pupil's homework around its dates;
 * - `not-tickable`: its status is not the pupil's to change (completed, late, or any teacher status), or it
 *   has no status id;
 * - `not-confirmed`: the service accepted the toggle but a fresh read shows another state (or no longer
 *   shows the homework).
 */
export class HomeworkTickError extends ClassChartsError {
  readonly code = 'service' as const;
  /** What went wrong. */
  readonly failure: HomeworkTickFailure;
  /** The homework id asked about. */
  readonly homeworkId: number;

  constructor(homeworkId: number, failure: HomeworkTickFailure, ticked: boolean) {
    super(
      `homework ${homeworkId}: ${failure} (wanted ticked=${String(ticked)})`,
      failure === 'not-found'
        ? 'That homework is no longer in your ClassCharts homework list.'
        : failure === 'not-tickable'
          ? 'This homework cannot be ticked off: your teacher has already set its status.'
          : `ClassCharts did not ${ticked ? 'tick off' : 'untick'} this homework. Try again in a moment.`,
    );
    this.failure = failure;
    this.homeworkId = homeworkId;
  }
}
