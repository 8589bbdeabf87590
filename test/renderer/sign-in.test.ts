import { fireEvent, waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { LoginRequest } from '../../preload/contract';
import { signedOutState, studentState } from './fixtures';
import { renderApp } from './render';

describe('Sign in', () => {
  it('signs a student in with the access code upper-cased and the date of birth as DD/MM/YYYY', async () => {
    const { screen, bridge } = await renderApp(signedOutState());
    bridge.handlers['auth:login'] = async () => {
      bridge.emitState(studentState());
      return { ok: true };
    };
    await fireEvent.input(screen.getByLabelText('Access code'), { target: { value: ' demo2026 ' } });
    await fireEvent.input(screen.getByLabelText('Date of birth'), { target: { value: '14/5/2012' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('English');
    expect(bridge.requestsOf('auth:login')).toEqual([
      { kind: 'student', code: 'DEMO2026', dateOfBirth: '14/05/2012', remember: true },
    ]);
  });

  it('explains the date format before sending anything', async () => {
    const { screen, bridge } = await renderApp(signedOutState());
    expect(screen.getByText(/Day\/month\/year with slashes, e.g. 14\/05\/2012/)).toBeTruthy();
    await fireEvent.input(screen.getByLabelText('Access code'), { target: { value: 'DEMO2026' } });
    await fireEvent.input(screen.getByLabelText('Date of birth'), { target: { value: '2012-05-14' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const dob = screen.getByLabelText('Date of birth');
    expect(dob.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(dob.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      /DD\/MM\/YYYY/,
    );
    expect(bridge.requestsOf('auth:login')).toEqual([]);
  });

  it('puts a refusal next to the field it is about', async () => {
    const { screen, bridge } = await renderApp(signedOutState());
    bridge.handlers['auth:login'] = async () => ({
      ok: false,
      code: 'wrong-date-of-birth',
      message: 'That date of birth does not match the access code.',
      field: 'dateOfBirth',
    });
    await fireEvent.input(screen.getByLabelText('Access code'), { target: { value: 'DEMO2026' } });
    await fireEvent.input(screen.getByLabelText('Date of birth'), { target: { value: '15/05/2012' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('That date of birth does not match the access code.');
    expect(screen.getByLabelText('Date of birth').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Access code').getAttribute('aria-invalid')).toBeNull();
    // The form keeps what was typed.
    expect((screen.getByLabelText('Access code') as HTMLInputElement).value).toBe('DEMO2026');
  });

  it('signs a parent in and shows a connection problem as a form alert', async () => {
    const { screen, bridge } = await renderApp(signedOutState());
    bridge.handlers['auth:login'] = async () => ({
      ok: false,
      code: 'offline',
      message: 'No connection to ClassCharts. Check your internet connection.',
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Parent' }));
    await fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'parent@example.com' } });
    await fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'demo-parent' } });
    await fireEvent.click(screen.getByRole('checkbox', { name: /Remember me/ }));
    await fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('No connection to ClassCharts');
    expect(bridge.requestsOf('auth:login')).toEqual([
      { kind: 'parent', email: 'parent@example.com', password: 'demo-parent', remember: false },
    ]);
  });

  it('turns remember me off and explains why when there is no keychain', async () => {
    const state = signedOutState();
    state.environment.keychain = 'unavailable';
    const { screen } = await renderApp(state);
    const remember = screen.getByRole('checkbox', { name: /Remember me/ }) as HTMLInputElement;
    expect(remember.disabled).toBe(true);
    expect(remember.checked).toBe(false);
    expect(document.getElementById(remember.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      /no keychain/,
    );
  });

  it('warns when the keyring offers only basic protection, and leaves remember me off by default', async () => {
    const state = signedOutState();
    state.environment.keychain = 'basic-text';
    const { screen } = await renderApp(state);
    const remember = screen.getByRole('checkbox', { name: /Remember me/ }) as HTMLInputElement;
    expect(remember.disabled).toBe(false);
    expect(remember.checked).toBe(false);
    expect(screen.getByText(/only weakly protected/)).toBeTruthy();
  });

  it('offers the demo accounts only against the demo server', async () => {
    const plain = await renderApp(signedOutState());
    expect(plain.screen.queryByRole('button', { name: 'Use demo student' })).toBeNull();
    plain.screen.unmount();

    const state = signedOutState();
    state.environment.demo = true;
    const { screen, bridge } = await renderApp(state);
    await fireEvent.click(screen.getByRole('button', { name: 'Use demo parent' }));
    await waitFor(() =>
      expect(bridge.requestsOf('auth:login')).toEqual([
        { kind: 'demo', as: 'parent' } satisfies LoginRequest,
      ]),
    );
  });

  it('asks to sign in again when the saved sign-in was refused, keeping the old data reachable', async () => {
    const { screen, bridge } = await renderApp(studentState({ auth: 'needs-sign-in' }));
    // Old data stays visible with a banner.
    expect(screen.getByText('English')).toBeTruthy();
    const banner = screen.getByRole('alert');
    expect(banner.textContent).toContain('Sign in again.');
    await fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('heading', { name: 'Sign in to ClassCharts' })).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: 'Back to the last data' }));
    expect(screen.getByText('English')).toBeTruthy();
    expect(bridge.requestsOf('auth:login')).toEqual([]);
  });
});
