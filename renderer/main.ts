/**
 * Renderer entry: resolves the bridge (lib/bridge.ts — `window.classcharts` in Electron, a WebSocket in
 * the browser preview, opened by lib/preview-socket.ts before anything else), starts the popover store
 * and mounts App.svelte. Imports nothing from electron, node or main/; talks to main only through the
 * bridge.
 */
// First: in the browser preview this opens the bridge socket while the rest of the bundle evaluates.
import './lib/preview-socket';
import { mount } from 'svelte';
import App from './App.svelte';
import { resolveBridge } from './lib/bridge';
import { warmLazyViews } from './lib/lazy-views.svelte';
import { PopoverStore } from './lib/popover.svelte';
import './styles.css';

const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');

resolveBridge().then(
  (api) => {
    const store = new PopoverStore(api);
    mount(App, { target, props: { store } });
    void store.start();
    // Warm the on-demand chunks once the first screen is up, so they open at once: the views, the
    // homework tick and the sanitizer (DOMPurify, for a homework): lib/lazy-views.svelte.ts.
    const warm = () => void warmLazyViews();
    if ('requestIdleCallback' in window) window.requestIdleCallback(warm, { timeout: 2000 });
    else setTimeout(warm, 500);
  },
  (error: unknown) => {
    target.textContent = error instanceof Error ? error.message : 'The popover could not start.';
  },
);
