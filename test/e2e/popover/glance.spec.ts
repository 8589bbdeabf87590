/**
 * The first screen (issue 24): opened at several moments of the school week (a school morning, a break,
 * after school, a Saturday, the last evening before the Christmas holidays, a day inside them, the last
 * evening before the summer holidays, a parent at midday), as a pupil and as a parent,
 * the popover answers "what's next, and what's due?" with no click and no scroll. Each moment reads what
 * main knows (the fake's data through the real core) and asserts that a person sees it on the first
 * screen — inside the 380×560 popover and not clipped by the scrolling view — in light and dark, with a
 * visual snapshot and axe (the `view` fixture). Main's clock and the page's are pinned.
 */
import type { Page } from '@playwright/test';
import type { AppState } from '../../../common/contract';
import { formatDayLong } from '../../../renderer/lib/format';
import { dueList, titleWithoutSubject } from '../../../renderer/lib/glance';
import { shownText, TITLE_MAX } from '../../../renderer/lib/text';
import { expect, test } from '../fixtures';
import { generateDataset } from '../../../dev/fake-classcharts/dataset';
import type { FakeDataset } from '../../../dev/fake-classcharts/index';
import { expectOnFirstScreen, signInParent, signInStudent } from '../popover-page';

/** A moment of the school week, London time with its offset. */
interface Moment {
  name: string;
  at: string;
  who: 'student' | 'parent';
  /** What the first screen's day heading says. */
  heading: RegExp;
  /** The fake's data, when not the generated default. */
  data?: FakeDataset;
}

/**
 * The demo data on Wednesday 30 December 2026, inside the Christmas holidays (21 December to 1 January,
 * holidays.ts). The generated dataset moves a holiday that covers its `today` out of the way, so the demo
 * always has a school week; here it is put back, as a school's timetable is empty in its holidays (§5.7).
 */
function inTheChristmasHolidays(): FakeDataset {
  const dataset = generateDataset({ seed: 2026, today: '2026-12-30' });
  for (const pupil of dataset.pupils)
    pupil.timetable.holidays.push({ from: '2026-12-21', to: '2027-01-01', name: 'Christmas holidays' });
  return dataset;
}

const MOMENTS: Moment[] = [
  {
    name: 'school-morning',
    at: '2026-11-23T08:00:00+00:00',
    who: 'student',
    heading: /^Today Monday 23 November/,
  },
  { name: 'break', at: '2026-11-23T10:50:00+00:00', who: 'student', heading: /^Today Monday 23 November/ },
  {
    name: 'after-school',
    at: '2026-11-23T16:30:00+00:00',
    who: 'student',
    heading: /^Tomorrow Tuesday 24 November/,
  },
  {
    name: 'saturday',
    at: '2026-11-28T11:00:00+00:00',
    who: 'student',
    heading: /^Next school day Monday 30 November/,
  },
  // The fake's Christmas holidays run 21 December to 1 January (holidays.ts): the last school day's evening.
  {
    name: 'christmas',
    at: '2026-12-23T16:30:00+00:00',
    who: 'student',
    heading: /^Next school day Monday 4 January/,
  },
  {
    name: 'in-the-holidays',
    at: '2026-12-30T11:00:00+00:00',
    who: 'student',
    heading: /^Next school day Monday 4 January/,
    data: inTheChristmasHolidays(),
  },
  // The summer holidays (23 July to 1 September) are longer than the three weeks looked at.
  { name: 'summer', at: '2026-07-22T16:30:00+01:00', who: 'student', heading: /^Today Wednesday 22 July/ },
  {
    name: 'parent-midday',
    at: '2026-11-23T12:00:00+00:00',
    who: 'parent',
    heading: /^Today Monday 23 November/,
  },
];

/** The text of the day heading, spaces tidied. */
async function heading(page: Page): Promise<string> {
  return ((await page.locator('#day-heading').textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

/** Checks what the first screen of `state` must show, without scrolling. */
async function expectGlance(page: Page, state: AppState, moment: Moment): Promise<void> {
  const now = Date.parse(moment.at);
  const view = page.locator('main');
  const lessons = page.getByRole('list', { name: /^Lessons/ });
  const today = state.today!;
  const upcoming = today.lessons.filter((l) => !l.isBreak && Date.parse(l.end!) > now);
  if (upcoming.length > 0) {
    // What's next: the lesson now (with its time left) or the next one, and every lesson still to come.
    for (const lesson of upcoming)
      await expectOnFirstScreen(
        page,
        lessons.locator('li.lesson', { hasText: lesson.subject }),
        lesson.subject,
      );
    const current = upcoming.find((l) => Date.parse(l.start!) <= now);
    if (current) await expectOnFirstScreen(page, lessons.getByText(/min left/), 'the time left');
    else await expectOnFirstScreen(page, lessons.locator('li.lesson.next'), 'the next lesson');
  } else if (state.nextSchoolDay?.day) {
    // After school, at weekends and in holidays: the next school day and its first lesson.
    const first = state.nextSchoolDay.day.lessons.find((l) => !l.isBreak)!;
    expect(await heading(page)).toContain(formatDayLong(state.nextSchoolDay.day.date));
    await expectOnFirstScreen(
      page,
      lessons.locator('li.lesson', { hasText: first.subject }),
      `${first.subject} first`,
    );
  } else {
    await expectOnFirstScreen(
      page,
      page.getByText('No lessons in the next three weeks.'),
      'the holiday sentence',
    );
  }
  // What's due: the soonest to-do homework, tickable in place for a pupil.
  const due = dueList(state.homework, today.date);
  expect(due.items.length, 'the fake has homework to do').toBeGreaterThan(0);
  const part = page.getByRole('region', { name: 'Due' });
  for (const homework of due.items.slice(0, 2)) {
    const title = shownText(titleWithoutSubject(homework.title, homework.subject), TITLE_MAX);
    await expectOnFirstScreen(page, part.getByText(title, { exact: true }), `due: ${title}`);
  }
  if (moment.who === 'student')
    await expectOnFirstScreen(page, part.getByRole('checkbox').first(), 'the tick of the soonest homework');
  expect(await view.evaluate((main) => main.scrollTop)).toBe(0);
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(scheme, () => {
    test.use({ colorScheme: scheme });

    for (const moment of MOMENTS) {
      test.describe(moment.name, () => {
        test.use({
          previewOptions: {
            now: Date.parse(moment.at),
            frozen: true,
            ...(moment.data ? { fake: { data: moment.data } } : {}),
          },
        });

        test(`the first screen at ${moment.name.replace('-', ' ')} shows what's next and what's due`, async ({
          page,
          preview,
          view,
        }) => {
          if (moment.who === 'student') await signInStudent(page, preview.fake!.accounts.student);
          else await signInParent(page, preview.fake!.accounts.parent);
          // The next school day is looked up right after the first refresh.
          await expect.poll(() => heading(page)).toMatch(moment.heading);
          const state = preview.app.state();
          await expectGlance(page, state, moment);
          if (moment.who === 'parent') {
            // Every child at once: the name and what they have now, in words on the screen.
            const family = page.getByRole('group', { name: /^Pupil/ });
            for (const pupil of state.pupils) {
              const row = family.getByRole('button', { name: new RegExp(`^${pupil.firstName}`) });
              await expectOnFirstScreen(page, row, pupil.firstName);
              const lesson = pupil.currentLesson ?? pupil.nextLesson;
              expect(lesson, `${pupil.firstName} has a lesson now or next`).toBeTruthy();
              await expect(row).toContainText(lesson!.subject);
              await expect(row).toContainText(/due this week|nothing due/);
            }
          }
          await page.mouse.move(0, 0); // no hover left where the sign-in button was
          await view(`glance-${moment.name}`);
        });
      });
    }
  });
}

test.describe('keyboard', () => {
  test.use({ previewOptions: { now: Date.parse('2026-11-23T08:00:00Z'), frozen: true } });

  test('Tab reaches every item of the first screen in reading order, and Space ticks a due homework', async ({
    page,
    preview,
  }) => {
    await signInStudent(page, preview.fake!.accounts.student);
    const items = await page
      .locator('main')
      .evaluate((main) =>
        [...main.querySelectorAll<HTMLElement>('button, input, [tabindex="0"]')].map((e) =>
          e.outerHTML.slice(0, 60),
        ),
      );
    await page.locator('#day-heading').click();
    const reached: { html: string; y: number }[] = [];
    for (let i = 0; i < items.length + 12 && reached.length < items.length; i++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || !element.closest('main')) return null;
        return { html: element.outerHTML.slice(0, 60), y: element.getBoundingClientRect().top };
      });
      if (focused) reached.push(focused);
    }
    expect(reached.map((r) => r.html)).toEqual(items);
    // Top to bottom; within a row (a tick box beside its title, centred a few pixels lower) left to right.
    const upwards = reached.filter((r, i) => i > 0 && r.y < reached[i - 1]!.y - 8);
    expect(upwards, 'top to bottom').toEqual([]);

    // Space on the soonest homework's tick.
    const box = page.getByRole('region', { name: 'Due' }).getByRole('checkbox').first();
    const name = (await box.getAttribute('aria-label'))!.replace(/^Done: /, '');
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
    await expect
      .poll(
        () =>
          preview.app
            .state()
            .homework.flatMap((g) => g.items)
            .find((h) => h.title === name)?.status,
      )
      .toBe('ticked');
  });
});
