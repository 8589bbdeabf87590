/**
 * What the self-test's tests share (test/main/self-test/,
 * test/main/platform/self-test-command.integration.test.ts): a command runner with canned answers, and the
 * API session's fetch as main builds it, over the electron mock.
 */
import { vi } from 'vitest';
import { API_SESSION_PARTITION, createElectronFetch } from '../../../main/platform/net-fetch';
import { session } from '../../mocks/electron';
import { emulatedNetRequest, type EmulatedRequestOptions } from '../../mocks/net-request';

/** A command runner that answers per program; a program missing from `answers` is "not installed". */
export function runner(answers: Record<string, { code?: number; stdout?: string; stderr?: string }>) {
  return vi.fn(async (file: string, _args: readonly string[]) => {
    const answer = answers[file];
    if (!answer) throw Object.assign(new Error(`spawn ${file} ENOENT`), { code: 'ENOENT' });
    return { code: answer.code ?? 0, stdout: answer.stdout ?? '', stderr: answer.stderr ?? '' };
  });
}

/** The API session's fetch, as main builds it, over the node:http emulation of `net.request`. */
export function apiFetch() {
  return createElectronFetch(
    (options) => emulatedNetRequest(options as EmulatedRequestOptions),
    session.fromPartition(API_SESSION_PARTITION, { cache: false }),
  );
}
