// AppEvents (main/app/events.ts): the contract's event channels and the core's observer; a listener that
// throws is logged and never stops the others.
import { describe, expect, it, vi } from 'vitest';
import { AppEvents, type CoreEvent } from '../../../main/app/events';
import { silentLogger } from '../../../main/ports';

describe('AppEvents', () => {
  it('sends each event to the listeners of its channel, in the order they subscribed, until they leave', () => {
    const events = new AppEvents(silentLogger, undefined);
    const got: string[] = [];
    const stopFirst = events.on('ui:navigate', (t) => got.push(`first:${t.view}`));
    events.on('ui:navigate', (t) => got.push(`second:${t.view}`));
    events.on('state:changed', () => got.push('state'));
    events.emit('ui:navigate', { view: 'today' });
    stopFirst();
    events.emit('ui:navigate', { view: 'settings' });
    expect(got).toEqual(['first:today', 'second:today', 'second:settings']);
  });

  it('a listener that throws is logged and the next one still gets the event', () => {
    const error = vi.fn();
    const events = new AppEvents({ ...silentLogger, error }, undefined);
    const second = vi.fn();
    events.on('ui:navigate', () => {
      throw new Error('renderer gone');
    });
    events.on('ui:navigate', second);
    events.emit('ui:navigate', { view: 'today' });
    expect(second).toHaveBeenCalledWith({ view: 'today' });
    expect(error).toHaveBeenCalledWith(
      'event listener failed',
      expect.objectContaining({ channel: 'ui:navigate' }),
    );
  });

  it("tells the core's observer each core event; an observer that throws is logged, not thrown", () => {
    const error = vi.fn();
    const seen: CoreEvent[] = [];
    const events = new AppEvents({ ...silentLogger, error }, (event) => {
      seen.push(event);
      if (event.type === 'error') throw new Error('observer broke');
    });
    events.core({ type: 'error', message: 'offline' });
    expect(seen).toEqual([{ type: 'error', message: 'offline' }]);
    expect(error).toHaveBeenCalledWith('core event listener failed', expect.anything());
  });
});
