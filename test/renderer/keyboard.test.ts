import { describe, expect, it } from 'vitest';
import { keyCommand, type KeyPress } from '../../renderer/lib/keyboard';

function press(key: string, extra: Partial<KeyPress> = {}): KeyPress {
  return { key, altKey: false, ctrlKey: false, metaKey: false, target: document.body, ...extra };
}

describe('keyCommand', () => {
  const today = { today: true, pupilCount: 2 };

  it('moves days with the arrows in Today only', () => {
    expect(keyCommand(press('ArrowLeft'), today)).toEqual({ kind: 'day', delta: -1 });
    expect(keyCommand(press('ArrowRight'), today)).toEqual({ kind: 'day', delta: 1 });
    expect(keyCommand(press('Home'), today)).toEqual({ kind: 'today' });
    expect(keyCommand(press('ArrowLeft'), { today: false, pupilCount: 2 })).toBeNull();
  });

  it('selects pupils with number keys only when there are several', () => {
    expect(keyCommand(press('2'), today)).toEqual({ kind: 'pupil', number: 2 });
    expect(keyCommand(press('3'), today)).toBeNull();
    expect(keyCommand(press('1'), { today: true, pupilCount: 1 })).toBeNull();
  });

  it('leaves keys typed into fields alone, except Escape', () => {
    const input = document.createElement('input');
    expect(keyCommand(press('ArrowLeft', { target: input }), today)).toBeNull();
    expect(keyCommand(press('1', { target: input }), today)).toBeNull();
    expect(keyCommand(press('Escape', { target: input }), today)).toEqual({ kind: 'escape' });
    expect(keyCommand(press('ArrowLeft', { ctrlKey: true }), today)).toBeNull();
  });
});
