/**
 * The one fake Clock for tests ({@link FakeClock}): time moves only when the test says so, and timers fire
 * only then (`advance`, or `fireAll` at a fixed instant); plus {@link settle}, which lets pending promise
 * callbacks run between steps.
 */
import type { Clock } from '../../main/ports';

/** Lets every pending promise callback (and I/O callbacks queued so far) run. */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

interface Timer {
  id: number;
  at: number;
  callback: () => void;
}

/** More timers than this firing in one `advance` means a timer keeps re-arming itself at once. */
export const RUNAWAY_TIMERS = 10_000;

/**
 * A Clock whose time moves only when told; timers fire in due order during `advance` (or all at once,
 * time standing still, with `fireAll`). A timer loop that never lets time move (a 0 ms timer re-armed
 * forever) makes `advance` throw instead of hanging the test. Never advanced, it is a frozen clock whose
 * timers never fire.
 */
export class FakeClock implements Clock {
  private time: number;
  private seq = 0;
  private readonly timers = new Map<number, Timer>();

  /**
   * `start`: epoch ms, or an ISO date-time string. `lateByMs`: every timer fires this much after its due
   * time, as real timers do (Node's and Chromium's `setTimeout` never fire early, and fire late under
   * load): a schedule with no margin fails here.
   */
  constructor(
    start: number | string,
    private readonly lateByMs = 0,
  ) {
    this.time = typeof start === 'string' ? Date.parse(start) : start;
  }

  /** The fake time, epoch ms. */
  now(): number {
    return this.time;
  }

  /** Schedules `callback` `ms` (plus `lateByMs`) from now; returns a handle for `clearTimeout`. */
  setTimeout(callback: () => void, ms: number): unknown {
    const id = ++this.seq;
    this.timers.set(id, { id, at: this.time + Math.max(0, ms) + this.lateByMs, callback });
    return id;
  }

  /** Cancels a pending timer; an unknown or already fired handle is ignored. */
  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** How many timers are pending. */
  get pending(): number {
    return this.timers.size;
  }

  /** Due times of pending timers, ms from now, ascending. */
  delays(): number[] {
    return [...this.timers.values()].map((t) => t.at - this.time).sort((a, b) => a - b);
  }

  /**
   * Advances `ms`, firing each due timer at its time (ties in the order they were set) and awaiting
   * `settled` after each and once at the end: by default {@link settle}; the bench passes one that waits
   * until the network is quiet and the app idle. Throws when more than {@link RUNAWAY_TIMERS} timers fire
   * on the way (a runaway loop).
   */
  async advance(ms: number, settled: () => Promise<void> = settle): Promise<void> {
    const end = this.time + ms;
    for (let fired = 0; ; fired++) {
      if (fired > RUNAWAY_TIMERS) throw new Error(`runaway timers: more than ${RUNAWAY_TIMERS} fired`);
      const due = [...this.timers.values()]
        .filter((t) => t.at <= end)
        .sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers.delete(due.id);
      this.time = Math.max(this.time, due.at);
      due.callback();
      await settled();
    }
    this.time = end;
    await settled();
  }

  /**
   * Fires every pending timer now, in the order they were set, whatever their delay; time stands still.
   * Timers the callbacks set wait for the next call. Synchronous: nothing is awaited.
   */
  fireAll(): void {
    const due = [...this.timers.values()];
    this.timers.clear();
    for (const timer of due) timer.callback();
  }

  /** Moves time without firing anything (the machine slept, or the wall clock jumped). */
  jump(ms: number): void {
    this.time += ms;
  }
}
