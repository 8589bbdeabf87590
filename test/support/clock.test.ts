// The shared fake clock (./clock.ts): what the bench and the client tests rely on beyond `advance`.
import { describe, expect, it } from 'vitest';
import { FakeClock, RUNAWAY_TIMERS } from './clock';

describe('FakeClock', () => {
  it('advance awaits the given settle after each timer, at its time, and once at the end', async () => {
    const clock = new FakeClock('2026-06-15T08:00:00Z');
    const log: string[] = [];
    clock.setTimeout(() => log.push(`b@${clock.now()}`), 2_000);
    clock.setTimeout(() => log.push(`a@${clock.now()}`), 1_000);
    await clock.advance(5_000, async () => void log.push(`settled@${clock.now()}`));
    const start = Date.parse('2026-06-15T08:00:00Z');
    expect(log).toEqual([
      `a@${start + 1_000}`,
      `settled@${start + 1_000}`,
      `b@${start + 2_000}`,
      `settled@${start + 2_000}`,
      `settled@${start + 5_000}`,
    ]);
  });

  it('fireAll runs every pending timer now, whatever its delay; timers they set wait', () => {
    const clock = new FakeClock(1_000);
    const fired: string[] = [];
    clock.setTimeout(() => fired.push('late'), 60_000);
    clock.setTimeout(() => {
      fired.push('soon');
      clock.setTimeout(() => fired.push('re-armed'), 0);
    }, 10);
    const cancelled = clock.setTimeout(() => fired.push('cancelled'), 5);
    clock.clearTimeout(cancelled);
    clock.fireAll();
    expect(fired).toEqual(['late', 'soon']);
    expect(clock.now()).toBe(1_000);
    expect(clock.pending).toBe(1);
    clock.fireAll();
    expect(fired).toEqual(['late', 'soon', 're-armed']);
  });

  it('a timer that re-arms itself at 0 ms makes advance throw instead of hanging', async () => {
    const clock = new FakeClock(0);
    const loop = () => void clock.setTimeout(loop, 0);
    loop();
    await expect(clock.advance(1, async () => {})).rejects.toThrow(`more than ${RUNAWAY_TIMERS} fired`);
  });
});
