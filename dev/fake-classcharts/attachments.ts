/**
 * Attachments of the fake ClassCharts server, served by the fake itself so that they behave like the real
 * ones instead of opening forever in any browser:
 *
 * - **Homework files** are Google Cloud Storage V2 signed URLs on `attachments.classcharts.com` that expire
 *   about a day after the homework list was read (GingerGigiCat/ClassChartsAndroid@27ba119819
 *   `shared/src/commonMain/kotlin/com/gigi/cca/shared/RequestMaker.kt:399`:
 *   `attachments.classcharts.com/h/186700/…?GoogleAccessId=…&Expires=1765590527&Signature=…`). The fake
 *   re-signs each link when it serves `/homeworks` (`Expires` = the fake's clock + 1 day) and answers it
 *   under {@link STORAGE_PREFIX}, the storage host's path. An expired link answers HTTP 400 with GCS's XML
 *   `<Error><Code>ExpiredToken</Code><Message>The provided token has expired.</Message>…` (fog/fog-google
 *   issue #264; HTTP 400 per floci-io/floci-gcp issue #32), a bad signature HTTP 403 `SignatureDoesNotMatch`
 *   (jschneier/django-storages issue #1021), an unknown object HTTP 404 `NoSuchKey`.
 * - **Announcement files** need the ClassCharts session (funfairlabs-incubator/classcharts-orc@93b7b34515
 *   `poller/src/archive.ts:69-77` sends the auth headers, and reads an HTML answer as "Auth redirect …
 *   requires valid session"). The fake serves them under {@link ANNOUNCEMENT_FILES_PREFIX} on its own host
 *   (the path is invented: the real one is not known); without a valid `Authorization: Basic <token>` the
 *   answer is a 302 to the sign-in page, the web app's habit.
 *
 * The dataset keeps the stored URLs (docs and data files stay as they are); only the served copies change.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { escapeHtml, redirectReply, type Reply } from './http-util';
import type { Session } from './sessions';
import type { FakeDataset, RawAnnouncement, RawHomework } from './types';

/** The storage host of homework files, as the service names it. */
export const STORAGE_HOST = 'attachments.classcharts.com';
/** Where the fake serves the storage host's objects: `/storage/attachments.classcharts.com/<object>`. */
export const STORAGE_PREFIX = `/storage/${STORAGE_HOST}`;
/**
 * Where the fake serves announcement files: `/announcement-files/<announcement id>/<index>/<name>`
 * (invented).
 */
export const ANNOUNCEMENT_FILES_PREFIX = '/announcement-files';
/** How long a homework file link is valid after the list was read, in seconds (about a day, as observed). */
export const SIGNED_URL_LIFETIME_S = 86_400;
/** The service account the links name (`GoogleAccessId`). */
const ACCESS_ID = 'attachments@classcharts.iam.gserviceaccount.com';
/** This process's signing key: a link signed by one fake run fails the signature check of another. */
const SIGNING_KEY = randomBytes(32);

/** What signing and serving need from the running server. */
export interface AttachmentContext {
  /** Base URL, e.g. `http://127.0.0.1:38121`. */
  baseUrl(): string;
  /** Epoch ms (the fake's clock). */
  now(): number;
}

/**
 * GCS V2 string-to-sign of a GET without Content-MD5 or Content-Type: `GET\n\n\n<Expires>\n/<object
 * path>`.
 */
function signature(objectPath: string, expires: number): string {
  return createHmac('sha256', SIGNING_KEY).update(`GET\n\n\n${expires}\n/${objectPath}`).digest('base64');
}

/** The object path (`h/4821/<name>.pdf`) of a stored link on the storage host, or `null` for another URL. */
function storedObjectPath(url: string): { path: string; disposition: string | null } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.host !== STORAGE_HOST) return null;
  return {
    path: `${STORAGE_HOST}${decodeURIComponent(parsed.pathname)}`,
    disposition: parsed.searchParams.get('response-content-disposition'),
  };
}

/** A stored storage-host link, signed for `lifetime` seconds from now and pointing at the fake. */
function signStoredUrl(context: AttachmentContext, url: string): string {
  const object = storedObjectPath(url);
  if (object === null) return url;
  const expires = Math.floor(context.now() / 1000) + SIGNED_URL_LIFETIME_S;
  const query = new URLSearchParams({
    GoogleAccessId: ACCESS_ID,
    Expires: String(expires),
    Signature: signature(object.path, expires),
  });
  if (object.disposition !== null) query.set('response-content-disposition', object.disposition);
  return `${context.baseUrl()}/storage/${encodeURI(object.path)}?${query.toString()}`;
}

/** Copies of the homeworks as served: every file link on the storage host signed afresh. */
export function signHomeworkFiles(context: AttachmentContext, list: readonly RawHomework[]): RawHomework[] {
  const sign = (url: string): string => signStoredUrl(context, url);
  return list.map((homework) => ({
    ...homework,
    validated_attachments: homework.validated_attachments.map((file) => ({
      ...file,
      file: sign(file.file),
      validated_file: sign(file.validated_file),
    })),
    status: {
      ...homework.status,
      attachments: homework.status.attachments.map((upload) => ({
        ...upload,
        file: sign(upload.file),
        validated_file: sign(upload.validated_file),
      })),
    },
  }));
}

/** Copies of the announcements as served: every file on the fake's authenticated route. */
export function servedAnnouncementFiles(
  context: AttachmentContext,
  list: readonly RawAnnouncement[],
): RawAnnouncement[] {
  return list.map((announcement) => ({
    ...announcement,
    attachments: announcement.attachments.map((file, index) => ({
      ...file,
      url: `${context.baseUrl()}${ANNOUNCEMENT_FILES_PREFIX}/${announcement.id}/${index}/${encodeURIComponent(file.filename || 'file')}`,
    })),
  }));
}

/** A GCS-style XML error answer. */
function storageError(status: number, code: string, message: string, details?: string): Reply {
  const body =
    `<?xml version='1.0' encoding='UTF-8'?><Error><Code>${code}</Code><Message>${escapeHtml(message)}</Message>` +
    `${details === undefined ? '' : `<Details>${escapeHtml(details)}</Details>`}</Error>`;
  return { status, headers: { 'content-type': 'application/xml; charset=UTF-8' }, body };
}

/** The bytes the fake serves for a file named `name`: a tiny PDF for `.pdf`, a line of text otherwise. */
export function fakeFileBody(name: string): { body: string; contentType: string } {
  if (/\.pdf$/i.test(name))
    return {
      body: `%PDF-1.4\n% fake ClassCharts file: ${name.replace(/[\r\n]/g, ' ')}\n%%EOF\n`,
      contentType: 'application/pdf',
    };
  return { body: `fake ClassCharts file: ${name}\n`, contentType: 'application/octet-stream' };
}

/** The name of the stored homework file (teacher's or a pupil's upload) at `objectPath`, if any. */
function findStoredFile(dataset: FakeDataset, objectPath: string): string | null {
  for (const pupil of dataset.pupils)
    for (const homework of pupil.homeworks) {
      for (const file of homework.validated_attachments)
        for (const url of [file.file, file.validated_file])
          if (storedObjectPath(url)?.path === objectPath) return file.filename;
      for (const upload of homework.status.attachments)
        for (const url of [upload.file, upload.validated_file])
          if (storedObjectPath(url)?.path === objectPath) return upload.file_name;
    }
  return null;
}

/**
 * `GET /storage/attachments.classcharts.com/<object>?GoogleAccessId&Expires&Signature`: the file, or GCS's
 * XML error — 400 `ExpiredToken` after `Expires` (checked first, as a stale link is the common case), 403
 * `SignatureDoesNotMatch` for a missing or wrong signature, 404 `NoSuchKey` for an unknown object. Needs no
 * session: a signed URL is its own permission, and the fake ignores any Authorization sent with it.
 */
export function storageObject(
  context: AttachmentContext,
  dataset: FakeDataset,
  path: string,
  query: Record<string, string>,
): Reply {
  const objectPath = decodeURIComponent(path.slice('/storage/'.length));
  const expires = Number(query['Expires']);
  const sent = query['Signature'] ?? '';
  if (!Number.isSafeInteger(expires) || query['GoogleAccessId'] === undefined)
    return storageError(
      400,
      'MissingSecurityHeader',
      'Your request was missing a required header.',
      'Expires',
    );
  if (Math.floor(context.now() / 1000) > expires)
    return storageError(
      400,
      'ExpiredToken',
      'The provided token has expired.',
      `Request signature expired at: ${new Date(expires * 1000).toISOString()}`,
    );
  const expected = Buffer.from(signature(objectPath, expires));
  const given = Buffer.from(sent);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return storageError(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your Google secret key and signing method.',
    );
  const name = findStoredFile(dataset, objectPath);
  if (name === null) return storageError(404, 'NoSuchKey', 'The specified key does not exist.');
  const file = fakeFileBody(name);
  const disposition = query['response-content-disposition'];
  return {
    status: 200,
    headers: {
      'content-type': file.contentType,
      ...(disposition ? { 'content-disposition': disposition } : {}),
    },
    body: file.body,
  };
}

/**
 * `GET /announcement-files/<announcement id>/<index>/<name>`: the file for a session that may see the
 * announcement; without a valid session (no token, an unknown or expired one) a 302 to the sign-in page,
 * which a browser follows to an HTML page; `null` (the router's 404 page) for a file that is not there or
 * not this session's. `session` is the one behind the request's `Authorization: Basic <token>`, or `null`.
 */
export function announcementFile(
  dataset: FakeDataset,
  session: Session | null,
  parts: readonly string[],
): Reply | null {
  if (session === null) return redirectReply('/student/login');
  const [, idPart, indexPart] = parts;
  const id = Number(idPart);
  const index = Number(indexPart);
  const pupilIds =
    session.kind === 'parent'
      ? (dataset.parents.find((p) => p.user.id === session.id)?.pupilIds ?? [])
      : [session.id];
  for (const pupil of dataset.pupils) {
    if (!pupilIds.includes(pupil.pupil.id)) continue;
    const file = pupil.announcements.find((a) => a.id === id)?.attachments[index];
    if (file === undefined) continue;
    const served = fakeFileBody(file.filename);
    return {
      status: 200,
      headers: {
        'content-type': served.contentType,
        'content-disposition': `attachment; filename="${file.filename.replace(/["\\\r\n]/g, '_')}"`,
      },
      body: served.body,
    };
  }
  return null;
}
