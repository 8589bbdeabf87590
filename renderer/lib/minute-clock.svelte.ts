/**
 * The popover's minute clock (Svelte 5 runes): epoch ms, advanced at each minute boundary while the page
 * is visible and stopped while it is hidden. Part of the popover store (lib/popover.svelte.ts), which
 * also sets it from each snapshot. Imports no DOM beyond `document.visibilityState` and timers.
 */
import { now } from './clock';

const MINUTE_MS = 60_000;

/** The minute clock: `start()` runs it while the page is visible; the function it returns stops it. */
export class MinuteClock {
  /** The clock (epoch ms), advanced at minute boundaries while the page is visible. */
  nowMs = $state(now());

  #tick: ReturnType<typeof setTimeout> | null = null;

  /** Starts the clock, following the page's visibility; returns what stops it and unsubscribes. */
  start(): () => void {
    const onVisibility = () => this.#sync();
    document.addEventListener('visibilitychange', onVisibility);
    this.#sync();
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      this.#stop();
    };
  }

  #sync(): void {
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') {
      this.#stop();
      return;
    }
    this.nowMs = now();
    this.#schedule();
  }

  #schedule(): void {
    this.#stop();
    const wait = MINUTE_MS - (now() % MINUTE_MS) + 50;
    this.#tick = setTimeout(() => {
      this.#tick = null;
      this.#sync();
    }, wait);
  }

  #stop(): void {
    if (this.#tick !== null) clearTimeout(this.#tick);
    this.#tick = null;
  }
}
