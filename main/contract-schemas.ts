/**
 * zod schemas for the argument of every invoke channel of common/contract, and `parseRequest`, the
 * one function every transport (Electron IPC in main/platform/, the preview's WebSocket) and createApp's
 * own handlers use to validate what the renderer sent. A compile-time check makes `tsc` fail when a
 * channel has no schema or a schema produces the wrong type.
 *
 * No electron, no node imports: the preview server and tests use it too.
 */
import { z } from 'zod';
import {
  type AccountKind,
  type HomeworkTickRequest,
  type InvokeChannel,
  type LoginRequest,
  type RecordKind,
  type RequestOf,
} from '../common/contract';
import { webLinkProblem, WEB_LINK_REFUSALS } from '../common/text';
import { isIsoDate } from '../common/dates';
import { settingsPatchSchema } from './settings';

/** No argument: `undefined`, or `null` (JSON transports cannot carry `undefined`). */
const noArgument = z.union([z.undefined(), z.null()]).transform((): void => undefined);

/** A ClassCharts pupil id: a positive integer. */
export const pupilIdSchema = z.int().positive().max(Number.MAX_SAFE_INTEGER);

const accountKinds = ['student', 'parent'] as const satisfies readonly AccountKind[];
const recordKinds = [
  'activity',
  'behaviour',
  'badges',
  'announcements',
  'detentions',
  'attendance',
] as const satisfies readonly RecordKind[];
// Compile-time: the lists name every kind.
const _allAccountKinds: Exclude<AccountKind, (typeof accountKinds)[number]> extends never ? true : never =
  true;
const _allRecordKinds: Exclude<RecordKind, (typeof recordKinds)[number]> extends never ? true : never = true;
void _allAccountKinds;
void _allRecordKinds;

/**
 * `auth:login`. Shapes and lengths only; the client checks the finer rules (a real date, a code the service
 * can take) and says which field is wrong. Strings are trimmed; a student's date of birth may be empty.
 */
export const loginRequestSchema: z.ZodType<LoginRequest> = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('student'),
    code: z.string().trim().min(1, 'Enter your access code.').max(64, 'That access code is too long.'),
    // Empty for a pupil whose school gave a code only; DD/MM/YYYY as the form takes it, or YYYY-MM-DD as the
    // JSON login does (docs/classcharts-api.md §2.3; issue 25 §1).
    dateOfBirth: z
      .string()
      .trim()
      .regex(
        /^(?:\d{1,2}\/\d{1,2}\/\d{4}|\d{4}-\d{1,2}-\d{1,2})?$/,
        'Write the date of birth as day/month/year, e.g. 14/05/2012.',
      ),
    remember: z.boolean(),
  }),
  z.strictObject({
    kind: z.literal('parent'),
    email: z
      .string()
      .trim()
      .min(3, 'Enter your email address.')
      .max(254, 'That email address is too long.')
      .regex(/^[^\s@]+@[^\s@]+$/, 'Enter an email address like name@example.com.'),
    password: z.string().min(1, 'Enter your password.').max(1024, 'That password is too long.'),
    remember: z.boolean(),
  }),
  z.strictObject({ kind: z.literal('demo'), as: z.enum(accountKinds) }),
]);

/** `day:get`: a real `YYYY-MM-DD` date (Europe/London) and an optional pupil id. */
export const dayRequestSchema = z.strictObject({
  date: z.string().refine(isIsoDate, 'Use a date written YYYY-MM-DD.'),
  pupilId: pupilIdSchema.optional(),
});

/** `records:get`: a record kind and an optional pupil id. */
export const recordsRequestSchema = z.strictObject({
  kind: z.enum(recordKinds),
  pupilId: pupilIdSchema.optional(),
});

/** `homework:tick`: a homework id, an optional pupil id, and whether it should end up ticked. */
export const homeworkTickRequestSchema: z.ZodType<HomeworkTickRequest> = z.strictObject({
  homeworkId: z.int('Choose a homework.').positive('Choose a homework.').max(Number.MAX_SAFE_INTEGER),
  pupilId: pupilIdSchema.optional(),
  ticked: z.boolean('Say whether the homework is ticked off.'),
});

/**
 * True for an absolute `http:` or `https:` URL with no credentials in it, at most
 * {@link WEB_LINK_MAX_LENGTH} characters (common/text.ts `webLinkProblem`, shared with the popover).
 */
export function isWebUrl(value: string): boolean {
  return webLinkProblem(value) === null;
}

/**
 * `shell:open-external`: only web links open in the browser (never `file:`, `javascript:`, …). A refused
 * link says why ({@link WEB_LINK_REFUSALS}): not a web link, an address that hides its real host behind
 * credentials, or one too long.
 */
export const externalUrlSchema = z.string().superRefine((value, ctx) => {
  const problem = webLinkProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: WEB_LINK_REFUSALS[problem] });
});

/**
 * `attachment:open` and `attachment:reveal`: which listed file, by kind, item id and place — no URL
 * (common/contract `AttachmentRequest`). Main looks the file up in its own data.
 */
export const attachmentRequestSchema = z.strictObject({
  kind: z.enum(['homework', 'announcement']),
  pupilId: pupilIdSchema.optional(),
  itemId: z.int().positive().max(Number.MAX_SAFE_INTEGER),
  index: z.int().min(0).max(999),
});

/**
 * `announcement:read` and `announcement:get`: which announcement was opened (whose body is asked for), for
 * which pupil (common/contract).
 */
export const announcementReadRequestSchema = z.strictObject({
  announcementId: z.int().positive().max(Number.MAX_SAFE_INTEGER),
  pupilId: pupilIdSchema.optional(),
});

/** `homework:get`: which homework's description, for which pupil (common/contract `HomeworkRequest`). */
export const homeworkRequestSchema = z.strictObject({
  homeworkId: z.int().positive().max(Number.MAX_SAFE_INTEGER),
  pupilId: pupilIdSchema.optional(),
});

/** `calendar:copy-url`: whose calendar's URL, when a parent keeps one per child (common/contract). */
export const calendarUrlRequestSchema = z.strictObject({ pupilId: pupilIdSchema.optional() });

/** The schema of each invoke channel's argument. */
export type RequestSchemas = { [C in InvokeChannel]: z.ZodType<RequestOf<C>, unknown> };

/**
 * One schema per invoke channel. `satisfies RequestSchemas` is the compile-time check: a channel added to
 * common/contract without a schema here (or with a schema of the wrong type) fails `tsc`.
 */
export const REQUEST_SCHEMAS = {
  'state:get': noArgument,
  'auth:login': loginRequestSchema,
  'auth:logout': noArgument,
  'pupil:select': pupilIdSchema,
  'sync:refresh': noArgument,
  'day:get': dayRequestSchema,
  'records:get': recordsRequestSchema,
  'homework:tick': homeworkTickRequestSchema,
  'homework:get': homeworkRequestSchema,
  'settings:update': settingsPatchSchema,
  'shell:open-external': externalUrlSchema,
  'attachment:open': attachmentRequestSchema,
  'attachment:reveal': attachmentRequestSchema,
  'announcement:read': announcementReadRequestSchema,
  'announcement:get': announcementReadRequestSchema,
  'popover:hide': noArgument,
  'calendar:choose-file': noArgument,
  'calendar:copy-url': calendarUrlRequestSchema,
  'calendar:renew-secret': noArgument,
  'notifications:history': noArgument,
} satisfies RequestSchemas;

/** Thrown by {@link parseRequest}; `message` is fit to show, `issues` says which fields failed. */
export class InvalidRequestError extends Error {
  readonly channel: InvokeChannel;
  readonly issues: { path: string; message: string }[];

  constructor(channel: InvokeChannel, issues: { path: string; message: string }[]) {
    super(issues[0]?.message ?? `Invalid request for ${channel}.`);
    this.name = 'InvalidRequestError';
    this.channel = channel;
    this.issues = issues;
  }
}

/**
 * Validates (and normalises: trims strings, maps `null` to `undefined` for no-argument channels) the
 * argument of an invoke channel. Throws {@link InvalidRequestError} when it does not fit. The error never
 * echoes the value (it may hold a password).
 */
export function parseRequest<C extends InvokeChannel>(channel: C, value: unknown): RequestOf<C> {
  const schema = REQUEST_SCHEMAS[channel] as z.ZodType<RequestOf<C>, unknown>;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new InvalidRequestError(
    channel,
    result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  );
}
