/**
 * The dialogs port (main/ports.ts `Dialogs`) on Electron's `dialog.showSaveDialog(options)`, which resolves
 * with `{ canceled, filePath }`, `filePath` empty when cancelled (Electron 45 electron.d.ts
 * `SaveDialogReturnValue`). The dialog offers `.ics` files and asks before replacing one
 * (`showOverwriteConfirmation` is for Linux; macOS and Windows always ask).
 */
import type { Dialog } from 'electron';
import { isAbsolute, join } from 'node:path';
import type { Dialogs } from '../ports';

/**
 * The dialogs port on Electron's `dialog`. `folder`: where the dialog opens (absolute, e.g.
 * `app.getPath('documents')`); a `defaultName` that is already an absolute path opens at that path.
 * `closed` runs once the dialog is gone, chosen or cancelled: the popover, which hides when the dialog takes
 * the focus from it, is shown again there, with the file chosen.
 */
export function createSaveDialogs(
  dialog: Pick<Dialog, 'showSaveDialog'>,
  folder: string,
  closed: () => void = () => {},
): Dialogs {
  return {
    async saveCalendarFile(defaultName) {
      const result = await dialog
        .showSaveDialog({
          title: 'Keep the calendar in a file',
          defaultPath: isAbsolute(defaultName) ? defaultName : join(folder, defaultName),
          buttonLabel: 'Save',
          filters: [{ name: 'Calendar (iCalendar)', extensions: ['ics'] }],
          properties: ['createDirectory', 'showOverwriteConfirmation'],
        })
        .finally(closed);
      if (result.canceled || result.filePath === '') return null;
      return result.filePath;
    },
  };
}
