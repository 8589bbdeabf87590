/**
 * The report of `--self-test` (main/self-test/report.ts): fixed-width lines that tools read back, and an exit
 * code of 1 exactly when a check failed.
 */
import { describe, expect, it } from 'vitest';
import { exitCode, formatCheck, parseCheckLine } from '../../../main/self-test/report';

describe('the report', () => {
  it('prints fixed-width status and name columns, then the detail on one line', () => {
    const lines = [
      formatCheck({ status: 'ok', name: 'key provider', detail: 'v11: the keyring' }),
      formatCheck({ status: 'warn', name: 'tray host', detail: 'no watcher\n  (GNOME)' }),
    ];
    expect(lines[0]).toBe('ok    key provider     v11: the keyring');
    expect(lines[1]).toBe('warn  tray host        no watcher (GNOME)');
    // Read back by tools (the smoke test): the inverse of the format; anything else is not a check line.
    expect(parseCheckLine(lines[0]!)).toEqual({
      status: 'ok',
      name: 'key provider',
      detail: 'v11: the keyring',
    });
    expect(parseCheckLine('[1234:ERROR:bus.cc] Failed to connect')).toBeNull();
  });

  it('exits 1 only when a check failed: warnings and skips still exit 0', () => {
    const ok = { status: 'ok', name: 'a', detail: '' } as const;
    expect(exitCode([ok, { ...ok, status: 'warn' }, { ...ok, status: 'skip' }])).toBe(0);
    expect(exitCode([ok, { ...ok, status: 'fail' }])).toBe(1);
  });
});
