/**
 * The views in chunks of their own (issue 30: the first load of a signed-in popover under 40 KB gzip):
 * the sign-in form, the Homework and More tabs, a homework's detail, Settings, the week, the notification
 * history and a parent's pupils; the homework tick, the sanitized-HTML component and the saved-file
 * warning. Each loads on first use, or earlier when main.ts warms them while the popover is idle; once
 * loaded it renders at once, in the same frame as the click that asked for it (no pending state, no await
 * block). A chunk that fails to load says so and is tried again on the next attempt.
 */
import type { Component } from 'svelte';

/** A component loaded on demand: `component` once loaded, `failed` when the last attempt failed. */
export class LazyView {
  /** The loaded component, or `null` before it is loaded. */
  component = $state.raw<Component<Record<string, unknown>> | null>(null);
  /** True when the last attempt to load it failed (the chunk could not be read). */
  failed = $state(false);
  readonly #importer: () => Promise<{ default: Component<never> }>;
  #loading: Promise<void> | null = null;

  /** `importer`: the `import()` of the component's module (a literal path, so Vite makes it a chunk). */
  constructor(importer: () => Promise<{ default: Component<never> }>) {
    this.#importer = importer;
  }

  /** Loads it, once (again after a failure); resolves when it is loaded or has failed. Never rejects. */
  load(): Promise<void> {
    this.#loading ??= this.#importer().then(
      (module) => {
        this.component = module.default as unknown as Component<Record<string, unknown>>;
        this.failed = false;
      },
      () => {
        this.failed = true;
        this.#loading = null;
      },
    );
    return this.#loading;
  }

  /**
   * Loads it once the calling component is mounted (an `$effect`, so call it while a component
   * initialises) and returns it, for the component to render `component` once it is there.
   */
  loadWhenMounted(): this {
    $effect(() => void this.load());
    return this;
  }
}

/**
 * The views and parts in chunks of their own, which main.ts warms: the views App.svelte and Homework.svelte
 * show through components/Lazy.svelte, and two parts rendered many times, each through one LazyView
 * rather than an `import()` per row: the homework tick and the component that shows school HTML (with
 * DOMPurify); and the warning Banners.svelte shows after a file was saved to Downloads (issue 26), which
 * only a lazy view can lead to.
 */
export const lazyViews = {
  signIn: new LazyView(() => import('../views/SignIn.svelte')),
  homework: new LazyView(() => import('../views/Homework.svelte')),
  homeworkDetail: new LazyView(() => import('../views/HomeworkDetail.svelte')),
  more: new LazyView(() => import('../views/More.svelte')),
  settings: new LazyView(() => import('../views/Settings.svelte')),
  week: new LazyView(() => import('../views/WeekView.svelte')),
  notifications: new LazyView(() => import('../views/Notifications.svelte')),
  family: new LazyView(() => import('../components/FamilySwitcher.svelte')),
  tickBox: new LazyView(() => import('../components/TickBox.svelte')),
  sanitizedHtml: new LazyView(() => import('../components/SanitizedHtml.svelte')),
  savedFile: new LazyView(() => import('../components/SavedFileBanner.svelte')),
} as const;

/** Loads every lazy view (main.ts, once the first screen is up; the tests, before rendering). */
export async function warmLazyViews(): Promise<void> {
  await Promise.all(Object.values(lazyViews).map((view) => view.load()));
}
