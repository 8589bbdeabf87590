/**
 * Renders the popover (App.svelte) or one view for a test: a mock bridge, a started PopoverStore with its
 * clock frozen at NOW (only `Date` is faked: promises and DOM events run normally), and cleanup.
 */
import { cleanup, fireEvent, render, type RenderResult } from '@testing-library/svelte';
import { afterEach, vi } from 'vitest';
import type { Component } from 'svelte';
import type { AppState } from '../../common/contract';
import App from '../../renderer/App.svelte';
import { warmLazyViews } from '../../renderer/lib/lazy-views.svelte';
import { PopoverStore, storeContext } from '../../renderer/lib/popover.svelte';
import { november } from '../support/fixtures';
import { createMockBridge, type MockBridge } from './mock-bridge';

/** What a rendered popover gives the test. */
export interface Rendered {
  bridge: MockBridge;
  store: PopoverStore;
  screen: RenderResult<Component>;
}

const stores: PopoverStore[] = [];

afterEach(() => {
  cleanup();
  for (const store of stores.splice(0)) store.dispose();
  vi.useRealTimers();
});

/**
 * Starts a store on a mock bridge answering with `state`, the clock at `now` (default NOW). With
 * `timers: true`, setTimeout is faked too (for the minute clock); the test advances it.
 */
export async function startStore(
  state: AppState,
  now = november.NOW,
  timers = false,
): Promise<{ bridge: MockBridge; store: PopoverStore }> {
  vi.useFakeTimers({ toFake: timers ? ['Date', 'setTimeout', 'clearTimeout'] : ['Date'], now });
  const bridge = createMockBridge(state);
  const store = new PopoverStore(bridge.api);
  stores.push(store);
  // As main.ts does once the popover is idle: the views in chunks of their own show at once.
  await warmLazyViews();
  await store.start();
  return { bridge, store };
}

/** Renders the whole popover with a started store. */
export async function renderApp(state: AppState, now = november.NOW, timers = false): Promise<Rendered> {
  const { bridge, store } = await startStore(state, now, timers);
  const screen = render(App, { props: { store } }) as unknown as RenderResult<Component>;
  return { bridge, store, screen };
}

/** Renders the popover on `state` (a student's by default) and opens the Homework tab. */
export async function renderHomeworkTab(state = november.studentState()): Promise<Rendered> {
  const rendered = await renderApp(state);
  await fireEvent.click(rendered.screen.getByRole('button', { name: /^Homework/ }));
  return rendered;
}

/** Renders one view or component with the store in context. */
export async function renderWithStore(
  component: Component,
  state: AppState,
  now = november.NOW,
): Promise<Rendered> {
  const { bridge, store } = await startStore(state, now);
  const screen = render(component, { context: storeContext(store) }) as unknown as RenderResult<Component>;
  return { bridge, store, screen };
}
