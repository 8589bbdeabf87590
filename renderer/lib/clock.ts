/**
 * The renderer's notion of "now" (epoch milliseconds). In Electron it is the system clock, the same one
 * main uses. The browser preview may run main on a shifted clock (`--now`) and tells the page the offset
 * when it connects (ws-transport.ts), so countdowns agree with main's snapshot.
 */
let offsetMs = 0;

/** Current time in epoch milliseconds, following main's clock. */
export function now(): number {
  return Date.now() + offsetMs;
}

/** Aligns `now()` with main's clock: `mainNowMs` is main's epoch ms at (about) this instant. */
export function followMainClock(mainNowMs: number): void {
  if (Number.isFinite(mainNowMs)) offsetMs = mainNowMs - Date.now();
}
