// The calendar feed's Electron adapters (main/platform/clipboard.ts, save-dialog.ts) with the shared
// electron mock: the URL goes to Electron's clipboard, and the file's path comes from Electron's save
// dialog (`{ canceled, filePath }`, electron.d.ts of Electron 45), a cancel giving no path, and the popover
// (hidden when the dialog took its focus) comes back once the dialog is gone.
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('../../mocks/electron'));

const { clipboard, dialog, resetElectronMock } = await import('../../mocks/electron');
const { createElectronClipboard } = await import('../../../main/platform/clipboard');
const { createSaveDialogs } = await import('../../../main/platform/save-dialog');

beforeEach(() => resetElectronMock());

describe('the calendar feed on Electron', () => {
  it('copies with clipboard.writeText', async () => {
    await createElectronClipboard(clipboard).writeText('http://127.0.0.1:4100/abc/calendar.ics');
    expect(clipboard.writeText).toHaveBeenCalledWith('http://127.0.0.1:4100/abc/calendar.ics');
    await expect(clipboard.readText()).resolves.toBe('http://127.0.0.1:4100/abc/calendar.ics');
  });

  it('asks dialog.showSaveDialog for an .ics file in the documents folder, and gives its path', async () => {
    dialog.showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: '/home/a/Documents/cal.ics' });
    const dialogs = createSaveDialogs(dialog, '/home/a/Documents');
    await expect(dialogs.saveCalendarFile('classcharts.ics')).resolves.toBe('/home/a/Documents/cal.ics');
    expect(dialog.showSaveDialog).toHaveBeenCalledWith(
      expect.objectContaining({
        defaultPath: '/home/a/Documents/classcharts.ics',
        filters: [{ name: 'Calendar (iCalendar)', extensions: ['ics'] }],
      }),
    );
  });

  it('opens at the path chosen before, and gives null when cancelled', async () => {
    const dialogs = createSaveDialogs(dialog, '/home/a/Documents');
    await expect(dialogs.saveCalendarFile('/srv/cal/school.ics')).resolves.toBeNull();
    expect(dialog.showSaveDialog).toHaveBeenCalledWith(
      expect.objectContaining({ defaultPath: '/srv/cal/school.ics' }),
    );
  });

  it('brings the popover back once the dialog is gone, chosen or cancelled, not before', async () => {
    let answer: (value: { canceled: boolean; filePath: string }) => void = () => {};
    dialog.showSaveDialog.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const shown = vi.fn();
    const dialogs = createSaveDialogs(dialog, '/home/a/Documents', shown);
    const chosen = dialogs.saveCalendarFile('classcharts.ics');
    await Promise.resolve();
    expect(shown).not.toHaveBeenCalled(); // the dialog is still open
    answer({ canceled: false, filePath: '/home/a/Documents/cal.ics' });
    await expect(chosen).resolves.toBe('/home/a/Documents/cal.ics');
    expect(shown).toHaveBeenCalledTimes(1);
    await expect(dialogs.saveCalendarFile('classcharts.ics')).resolves.toBeNull(); // cancelled
    expect(shown).toHaveBeenCalledTimes(2);
  });
});
