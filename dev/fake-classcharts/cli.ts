/**
 * `npm run fake-server -- [--port N] [--host H] [--session-ttl S] [--latency-ms N] [--data FILE] [--seed N]
 * [--renewal-grace S] [--today YYYY-MM-DD] [--expired-status 200|401] [--tes-sso]
 * [--parent-cookie-name parent_session_credentials|student_session_credentials]`
 *
 * Starts the fake ClassCharts server until Ctrl-C. The first stdout line is exactly
 * `fake ClassCharts listening on http://HOST:PORT` (scripts and tests read it), then the demo accounts.
 * Exit code 2 on a bad argument, 1 when the server cannot start.
 */
import { parseCliOptions, USAGE } from './cli-options';
import { SESSION_TTL_SECONDS, startFakeClassCharts, type FakeServerOptions } from './index';

// A reader that closes our stdout early (e.g. `| head -1` to grab the URL) must not crash the server.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
});

async function main(): Promise<void> {
  let options: FakeServerOptions;
  try {
    options = parseCliOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  const fake = await startFakeClassCharts(options);
  const { student, parent } = fake.accounts;
  const pupils = parent.pupilIds
    .map((id) => fake.dataset.pupils.find((p) => p.pupil.id === id)?.pupil.name ?? String(id))
    .join(', ');
  console.log(`fake ClassCharts listening on ${fake.url}`);
  console.log(
    `  student: access code ${student.code}, date of birth ${student.dateOfBirth} (pupil ${student.pupilId})`,
  );
  console.log(`  parent:  ${parent.email} / ${parent.password} (pupils: ${pupils})`);
  const codeOnly = fake.accounts.codeOnly;
  if (codeOnly)
    console.log(`  student: access code ${codeOnly.code}, no date of birth (pupil ${codeOnly.pupilId})`);
  console.log(`  session TTL ${options.sessionTtlSeconds ?? SESSION_TTL_SECONDS} s; Ctrl-C to stop`);
  const stop = (): void => {
    fake.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`fake ClassCharts could not start: ${(error as Error).message}`);
  process.exit(1);
});
