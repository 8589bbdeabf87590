/**
 * Pure helpers for opening attachments (main/app.ts `attachment:open`): a file name safe to write, the
 * program types the app refuses to open, and when a signed storage link expires. No node, no electron.
 */

/** Longest file name written, in UTF-16 code units (well under the 255 bytes most file systems allow). */
const MAX_NAME_LENGTH = 120;

/** Names Windows reserves for devices, with any extension (`CON`, `nul.txt`, `COM1`, …). */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/**
 * File types that run code when "opened" with the system's default application: Windows executables,
 * installers, scripts and shortcuts; macOS apps, installers and `.command` scripts; Linux `.desktop`
 * launchers, AppImages, packages and shell scripts; Java archives. Opening one of these from a school
 * message is how malware gets run, so the app never does it.
 */
const PROGRAM_EXTENSIONS = new Set(
  (
    'exe com scr pif msi msix msp appx appxbundle bat cmd ps1 psm1 vbs vbe js jse mjs cjs wsf wsh wsc hta ' +
    'cpl msc lnk url scf reg inf jar jnlp app pkg mpkg dmg command tool workflow terminal ' +
    'desktop appimage sh bash zsh csh ksh run bin deb rpm snap flatpakref py pyw pl rb php apk'
  ).split(' '),
);

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
 * The extension (lower case, with its dot, e.g. `.exe`) when `name` is a program or script the app will
 * not open (see {@link PROGRAM_EXTENSIONS}), else `null`. Judged on the name as written to disk
 * ({@link safeFileName}), since that is what the system opens it by.
 */
export function programExtension(name: string): string | null {
  const safe = safeFileName(name);
  const dot = safe.lastIndexOf('.');
  if (dot <= 0) return null;
  const extension = safe.slice(dot + 1).toLowerCase();
  return PROGRAM_EXTENSIONS.has(extension) ? `.${extension}` : null;
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
