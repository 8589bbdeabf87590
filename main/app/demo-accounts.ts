/**
 * The demo accounts the fake ClassCharts serves (dev/fake-classcharts/), offered by the sign-in form only
 * in demo mode (`config.demo`) and used by `--self-test` to sign in to its stand-in server.
 */
import type { Credentials } from '../classcharts/client';

/** The demo accounts the fake server serves (offered only when `config.demo`). */
export const DEMO_CREDENTIALS: Record<'student' | 'parent', Credentials> = {
  student: { kind: 'student', code: 'DEMO2026', dateOfBirth: '14/05/2012' },
  parent: { kind: 'parent', email: 'parent@example.com', password: 'demo-parent' },
};
