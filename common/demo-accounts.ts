/**
 * The demo accounts the fake ClassCharts server (dev/fake-classcharts/) serves: the sign-in form offers
 * them in demo mode only (main/app/sign-in.ts, `config.demo`), `--self-test` signs in to its stand-in
 * server with the student (main/self-test/runner.ts), and the tests sign in with them. The shapes match
 * the API client's `Credentials` (main/classcharts/sign-in.ts), which accepts them as they are.
 */

/** A demo pupil's sign-in: the access code as the school gives it and the date of birth DD/MM/YYYY. */
export interface DemoStudentAccount {
  readonly kind: 'student';
  readonly code: string;
  readonly dateOfBirth: string;
}

/** The demo parent's sign-in: email and password. */
export interface DemoParentAccount {
  readonly kind: 'parent';
  readonly email: string;
  readonly password: string;
}

/**
 * The demo student (Amelia Hughes, Year 9) and the demo parent (Amelia and her brother Oliver), as
 * dev/fake-classcharts/README.md lists them.
 */
export const DEMO_CREDENTIALS = {
  student: { kind: 'student', code: 'DEMO2026', dateOfBirth: '14/05/2012' },
  parent: { kind: 'parent', email: 'parent@example.com', password: 'demo-parent' },
} as const satisfies { readonly student: DemoStudentAccount; readonly parent: DemoParentAccount };
