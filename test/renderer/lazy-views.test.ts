// The views kept in chunks of their own (renderer/lib/lazy-views.svelte.ts, issue 30's first load): shown
// once their chunk is loaded, with the props given; a chunk that cannot be read says so and can be tried
// again.
import { fireEvent, render, screen } from '@testing-library/svelte';
import { tick } from 'svelte';
import { describe, expect, it } from 'vitest';
import Lazy from '../../renderer/components/Lazy.svelte';
import { LazyView, lazyViews } from '../../renderer/lib/lazy-views.svelte';

/** A chunk that loads when `settle` is called, failing the first `failures` times. */
function controlledChunk(failures: number) {
  let attempts = 0;
  const waiting: Array<() => void> = [];
  const view = new LazyView(() => {
    attempts += 1;
    const fail = attempts <= failures;
    return new Promise((resolve, reject) => {
      waiting.push(() =>
        fail
          ? reject(new TypeError('Failed to fetch dynamically imported module'))
          : resolve(import('../../renderer/components/TextField.svelte')),
      );
    });
  });
  return {
    view,
    attempts: () => attempts,
    settle: async () => {
      for (const go of waiting.splice(0)) go();
      await view.load();
      await tick();
    },
  };
}

/** Renders Lazy with `view` standing for a text field (its props passed through). */
const showLazy = (view: LazyView) =>
  render(Lazy, {
    props: { view, failed: 'More could not be opened.', id: 'code', label: 'Pupil code', value: '' },
  });

describe('views in chunks of their own', () => {
  it('shows nothing while the chunk loads, then the view with its props', async () => {
    const chunk = controlledChunk(0);
    showLazy(chunk.view);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    await chunk.settle();
    expect(screen.getByRole('textbox', { name: /Pupil code/ })).toBeTruthy();
    expect(chunk.attempts()).toBe(1);
  });

  it('says the view could not be opened when its chunk fails, and Try again loads it', async () => {
    const chunk = controlledChunk(1);
    showLazy(chunk.view);
    await chunk.settle();
    expect(screen.getByRole('alert').textContent).toContain('More could not be opened.');
    await fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await chunk.settle();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('textbox', { name: /Pupil code/ })).toBeTruthy();
    expect(chunk.attempts()).toBe(2);
  });

  it('every lazy view is a Svelte component that loads', async () => {
    for (const [name, view] of Object.entries(lazyViews)) {
      await view.load();
      expect(view.failed, name).toBe(false);
      expect(typeof view.component, name).toBe('function');
    }
  });
});
