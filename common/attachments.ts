/**
 * What the app does with an attached file of each type: open it, save it to Downloads, or refuse it (issue 26
 * §3). Pure, shared by main (main/app/attachments.ts `attachment:open`) and the popover (the file's note).
 */

/** What {@link attachmentHandling} decided, and the extension it judged (lower case with its dot, or ''). */
export interface AttachmentHandling {
  action: 'open' | 'save' | 'refuse';
  extension: string;
}

/**
 * File types that run code when "opened" with the system's default application: Windows executables,
 * installers, scripts and shortcuts; macOS apps, installers and `.command` scripts; Linux `.desktop`
 * launchers, AppImages, packages and shell scripts; Java archives. Opening one of these from a school
 * message is how malware gets run, so the app never does it.
 */
const PROGRAM_EXTENSIONS = new Set(
  (
    'exe com scr pif msi msix msixbundle msp appx appxbundle appinstaller application appref-ms xbap vsto ' +
    'bat cmd ps1 psm1 psd1 vbs vbe js jse mjs cjs wsf wsh wsc hta chm cpl msc lnk url website scf reg inf ' +
    'xll search-ms library-ms searchconnector-ms settingcontent-ms theme themepack diagcab ppkg iso img ' +
    'vhd vhdx jar jnlp app pkg mpkg dmg command tool workflow terminal fileloc inetloc webloc ' +
    'desktop appimage sh bash zsh csh ksh run bin deb rpm snap flatpakref py pyw pl rb php apk'
  ).split(' '),
);

/**
 * File types the app opens directly with the system's default application: documents that cannot carry
 * macros or scripts (PDF; Office Open XML and OpenDocument without macros — `.docx`, not `.docm` nor the
 * old `.doc`, which can; plain text), images, audio and video. Every other type is saved to Downloads
 * instead ({@link attachmentHandling}). Not here on purpose: `.doc .xls .ppt .rtf` (macros, embedded
 * objects), `.html .svg .xml` (scripts, opened in a browser as a local file), `.csv` (formulas run by the
 * spreadsheet), archives (`.zip` can hide a program, and its contents lose the downloaded mark).
 */
const OPEN_EXTENSIONS = new Set(
  (
    'pdf docx xlsx pptx ppsx dotx xltx potx odt ods odp odg txt ' +
    'jpg jpeg png gif webp bmp heic heif avif tif tiff ' +
    'mp3 m4a aac wav ogg oga opus flac mp4 m4v mov webm mkv avi'
  ).split(' '),
);

/**
 * What the app does with an attached file: `open` it with the system's default application (its type is
 * on the allow-list {@link OPEN_EXTENSIONS}), `save` it to the user's Downloads folder with a warning and
 * never run it (any other type, or no extension), or `refuse` it (a program, script, shortcut or disk
 * image: {@link PROGRAM_EXTENSIONS}). Judged on the extension the name has as written to disk (trailing
 * dots and spaces, which Windows drops, do not hide `.exe`). Shared by main (which acts on it) and the
 * popover (which says beforehand where a file will go).
 */
export function attachmentHandling(name: string): AttachmentHandling {
  // As the file is written (main/attachment-names.ts safeFileName): trailing dots and spaces dropped.
  const written = name.replace(/[.\s]+$/, '');
  const dot = written.lastIndexOf('.');
  const bare = dot > 0 ? written.slice(dot + 1).toLowerCase() : '';
  const extension = bare === '' ? '' : `.${bare}`;
  if (PROGRAM_EXTENSIONS.has(bare)) return { action: 'refuse', extension };
  return { action: OPEN_EXTENSIONS.has(bare) ? 'open' : 'save', extension };
}
