/**
 * Pure helpers for opening attachments (main/app/attachments.ts `attachment:open`): a file name safe to
 * write, and when a signed storage link expires. What each type of file does: common/attachments.ts. No node,
 * no electron.
 */

/** Longest file name written, in UTF-16 code units (well under the 255 bytes most file systems allow). */
const MAX_NAME_LENGTH = 120;

/** Names Windows reserves for devices, with any extension (`CON`, `nul.txt`, `COM1`, …). */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/**
 * `name` made safe to write as one file in a folder of the app's choosing: control characters, path
 * separators and characters Windows refuses (`<>:"/\|?*`) become `_`; leading dots (hidden files, `..`)
 * and trailing dots and spaces (which Windows drops) go; a Windows device name gets a `_` in front; the
 * result is cut to 120 characters keeping the extension. Never empty (`attachment`).
 */
export function safeFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  let safe = name.normalize('NFC').replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, '_');
  safe = safe.replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
  if (safe === '' || /^_+$/.test(safe)) safe = 'attachment';
  if (WINDOWS_DEVICE.test(safe)) safe = `_${safe}`;
  if (safe.length > MAX_NAME_LENGTH) {
    const dot = safe.lastIndexOf('.');
    const extension = dot > 0 && safe.length - dot <= 16 ? safe.slice(dot) : '';
    safe = safe.slice(0, MAX_NAME_LENGTH - extension.length).replace(/[.\s]+$/, '') + extension;
  }
  return safe;
}

/**
 * When a signed storage link stops working, epoch ms, or `null` when it does not say: GCS V2's `Expires`
 * (seconds since the epoch; GingerGigiCat/ClassChartsAndroid@27ba119819 `RequestMaker.kt:399`), or V4's
 * `X-Goog-Date` (`YYYYMMDDTHHMMSSZ`) plus `X-Goog-Expires` (seconds).
 */
export function signedLinkExpiresAt(url: string): number | null {
  let params: URLSearchParams;
  try {
    params = new URL(url).searchParams;
  } catch {
    return null;
  }
  const v2 = params.get('Expires');
  if (v2 !== null && /^\d{1,12}$/.test(v2)) return Number(v2) * 1000;
  const date = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(params.get('X-Goog-Date') ?? '');
  const lifetime = params.get('X-Goog-Expires');
  if (date && lifetime !== null && /^\d{1,7}$/.test(lifetime)) {
    const [, y, mo, d, h, mi, s] = date.map(Number) as number[];
    return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!) + Number(lifetime) * 1000;
  }
  return null;
}
