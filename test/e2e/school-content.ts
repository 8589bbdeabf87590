/**
 * Real school content, and hostile content, put into every field the popover shows (issue 15): a corpus
 * of texts (long links, unbroken words, a 100 KB field, bidi overrides, scripts written as text, …) and
 * of school HTML (deceptive and oversized links, every way of running script a description could try),
 * and {@link schoolContentDataset}, which writes them round-robin into the fake's generated dataset, so
 * every field of every kind meets many of them. The dataset is a `--data` file of the fake
 * (dev/fake-classcharts/README.md), loaded by the popover tests through the preview.
 *
 * `npx tsx test/e2e/school-content.ts FILE [CORPUS.json]` writes it, e.g. to look at it with
 * `npm run preview -- --data FILE --now 2026-11-23T10:15`. A corpus file is a JSON array of strings, used
 * as text and as HTML besides the built-in corpus (`CCT_CONTENT_CORPUS` does the same for the tests).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { NAME_MAX, TITLE_MAX } from '../../renderer/lib/text';
import { addDays } from '../../common/dates';
import { generateDataset } from '../../dev/fake-classcharts/dataset';
import type { IsoDate } from '../../common/domain';
import type { FakeDataset, FakeLessonTemplate } from '../../dev/fake-classcharts/index';

/** 100 KB of one unbroken "word". */
const HUGE = 'Ab9'.repeat(34_000);
/** A real homework's text (the issue's own example): two long links in a sentence. */
const LINKS_SENTENCE =
  'Read https://www.bbc.co.uk/bitesize/guides/zsd8tyc/revision/1 and ' +
  'https://classroom.google.com/c/NjQ1MjM0NTY3ODkw/a/NzA4OTEyMzQ1Njc4/details before Friday';

/**
 * Texts for plain fields (names, subjects, rooms, titles, reasons, link labels). Each is what real records
 * hold, or what a broken or hostile one could. Names say what each is for in a failure message.
 */
export const TEXT_CORPUS: readonly { name: string; text: string }[] = [
  { name: 'links in a sentence', text: LINKS_SENTENCE },
  { name: 'unbroken word', text: 'Pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(8) },
  { name: '100 KB field', text: HUGE },
  // Bidi controls left open: a right-to-left override (U+202E), embedding (U+202B) and isolate (U+2067)
  // would reorder whatever follows them on the line if the field were not isolated.
  { name: 'right-to-left override', text: 'Maths \u202Eset 2 room 14' },
  { name: 'right-to-left embedding', text: 'Mr \u202BSmith 12' },
  { name: 'right-to-left isolate left open', text: '\u2067History 9B' },
  { name: 'left-to-right override', text: '\u202DScience\u202E lab' },
  { name: 'pop without push', text: '\u202C\u2069English' },
  { name: 'Arabic', text: 'الرياضيات — السيد أحمد' },
  { name: 'Hebrew with digits', text: 'מתמטיקה 101 חדר 3' },
  { name: 'emoji sequences', text: '👩‍👩‍👧‍👦🏳️‍🌈🇬🇧 '.repeat(40) },
  { name: 'combining marks', text: `Z${'\u0336\u0321\u0358'.repeat(60)}algo` },
  { name: 'CJK without spaces', text: '数学の宿題を金曜日までに提出してください'.repeat(12) },
  { name: 'no-break spaces', text: 'Design\u00a0and\u00a0Technology\u00a0'.repeat(20) },
  { name: 'zero-width spaces', text: 'Geo\u200bgra\u200bphy\u200d\u2060'.repeat(30) },
  { name: 'fullwidth letters', text: 'ＰＨＹＳＩＣＡＬ　ＥＤＵＣＡＴＩＯＮ'.repeat(8) },
  {
    name: 'markup as text',
    text: '<script>window.__cctPwned?.("text")</script><img src=x onerror=alert(1)>',
  },
  { name: 'template syntax', text: "{{constructor.constructor('alert(1)')()}} ${alert(1)} {@html '<b>'}" },
  { name: 'control characters', text: 'Tab\there\nnew line\r\u0007bell\u001b[31mred\u0000nul' },
  { name: 'blank', text: '   ' },
  { name: 'deceptive address', text: 'https://www.bbc.co.uk/bitesize' },
];

/** A link whose address is 100 KB. */
const HUGE_URL = `https://example.org/${'a'.repeat(100_000)}`;

/**
 * School HTML for descriptions, lesson notes and announcements: what teachers paste, and every way a
 * description could try to run script, load something or mislead. A script that did run would call
 * `window.__cctPwned`, show a dialog or fetch from `evil.example`: the tests' guards fail on each.
 */
export const HTML_CORPUS: readonly { name: string; html: string }[] = [
  { name: 'links in a sentence', html: `<p>${LINKS_SENTENCE}</p>` },
  {
    name: 'linked long links',
    html:
      '<p><a href="https://www.bbc.co.uk/bitesize/guides/zsd8tyc/revision/1">' +
      'https://www.bbc.co.uk/bitesize/guides/zsd8tyc/revision/1</a> and ' +
      '<a href="https://classroom.google.com/c/NjQ1MjM0NTY3ODkw/a/NzA4OTEyMzQ1Njc4/details" target="_blank">' +
      'the Classroom task</a></p>',
  },
  { name: '100 KB description', html: `<p>${HUGE}</p>` },
  { name: '100 KB link', html: `<p><a href="${HUGE_URL}">A very long link</a></p>` },
  {
    name: 'deceptive link',
    html: '<p>Revise with <a href="https://evil.example/login">https://www.bbc.co.uk/bitesize</a>.</p>',
  },
  {
    name: 'credentials in a link',
    html: '<p><a href="https://school.example@evil.example/">school.example</a></p>',
  },
  {
    name: 'script tags and handlers',
    html:
      '<script>window.__cctPwned?.("script")</script><img src="https://evil.example/x.png" ' +
      'onerror="window.__cctPwned?.(\'img\')"><svg onload="window.__cctPwned?.(\'svg\')"></svg>' +
      '<p onclick="window.__cctPwned?.(\'click\')">Click me</p>',
  },
  {
    name: 'javascript and data links',
    html:
      '<a href="javascript:window.__cctPwned?.(\'href\')">javascript link</a> ' +
      '<a href="data:text/html,<script>alert(1)</script>">data link</a> ' +
      '<a href="  JaVaScRiPt:alert(1)">spaced</a>',
  },
  {
    name: 'frames, forms and loads',
    html:
      '<iframe src="https://evil.example/"></iframe><form action="https://evil.example/"><input ' +
      'name="q"><button>Send</button></form><link rel="stylesheet" href="https://evil.example/x.css">' +
      '<meta http-equiv="refresh" content="0;url=https://evil.example/"><base href="https://evil.example/">' +
      '<video poster="https://evil.example/p.png"></video><object data="https://evil.example/o"></object>',
  },
  {
    name: 'styles',
    html:
      '<style>body{display:none}</style><div style="background:url(https://evil.example/bg.png);' +
      'width:5000px">Styled</div><span style="position:fixed;inset:0">Cover</span>',
  },
  {
    name: 'mutation XSS',
    html:
      '<math><mtext><table><mglyph><style><img src=x onerror="window.__cctPwned?.(\'mxss\')">' +
      '</style></mglyph></table></mtext></math><noscript><p title="</noscript><img src=x ' +
      "onerror=window.__cctPwned?.('noscript')>\"></noscript>",
  },
  {
    name: 'wide table',
    html: `<table><tr>${'<td>Column-with-a-long-heading</td>'.repeat(40)}</tr></table>`,
  },
  { name: 'preformatted line', html: `<pre>${'const x = 1; '.repeat(80)}</pre>` },
  { name: 'bidi override in a paragraph', html: '<p>Due \u202EFriday 5pm</p><p>Next paragraph</p>' },
  { name: 'deep nesting', html: `${'<div><span>'.repeat(600)}deep${'</span></div>'.repeat(600)}` },
  {
    name: 'Word paste',
    html: '<p class="MsoNormal" style="mso-line-height-rule:exactly">Word&nbsp;text</p>',
  },
];

/** Extra strings from a corpus file (JSON array of strings), used both as text and as HTML. */
export function readCorpusFile(path: string): string[] {
  const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw new Error(`${path}: expected a JSON array of strings`);
  }
  return value;
}

/**
 * The texts of the fields as the popover may show them: each text of the corpus (and `extra`), trimmed,
 * and cut where the popover cuts a name or a title (renderer/lib/text.ts). For the bidi check
 * (content-checks.ts `bidiLeaks`), which must tell a field from the popover's own text.
 */
export function shownFields(extra: readonly string[] = []): string[] {
  const shown = new Set<string>();
  for (const text of [...TEXT_CORPUS.map((c) => c.text), ...extra]) {
    for (const variant of [text, text.trim(), text.slice(0, NAME_MAX - 1), text.slice(0, TITLE_MAX - 1)]) {
      if (variant.trim() !== '') shown.add(variant);
    }
  }
  return [...shown];
}

/** Options of {@link schoolContentDataset}. */
export interface SchoolContentOptions {
  /** The `YYYY-MM-DD` (Europe/London) the dataset is built around. */
  today: IsoDate;
  /** Extra strings (a held-out corpus), each used as text and as HTML. */
  extra?: readonly string[];
  /** Seed of the generated dataset; default 2026 (the demo's). */
  seed?: number;
}

/**
 * The fake's generated dataset with every field the popover shows replaced, round-robin, by the corpus:
 * period name; lesson subject, room, teacher and note; homework title, subject, class, teacher, type, description,
 * links and files; behaviour reason, teacher and class; badge name and reason; announcement title,
 * teacher, text and files; detention place, reason, subject, teacher and type; pupil and parent names.
 * The accounts, dates, times and ids stay, so the demo logins work and every view has records.
 */
export function schoolContentDataset(options: SchoolContentOptions): FakeDataset {
  const dataset = generateDataset({ seed: options.seed ?? 2026, today: options.today });
  const extra = options.extra ?? [];
  const texts = [...TEXT_CORPUS.map((c) => c.text), ...extra];
  const htmls = [...HTML_CORPUS.map((c) => c.html), ...extra];
  let t = 0;
  let h = 0;
  const text = () => texts[t++ % texts.length]!;
  const html = () => htmls[h++ % htmls.length]!;

  for (const parent of dataset.parents) parent.user.name = text();
  for (const data of dataset.pupils) {
    const { pupil } = data;
    pupil.first_name = text();
    pupil.last_name = text();
    pupil.name = `${pupil.first_name} ${pupil.last_name}`;
    // Period names too ("P1" in real data, but a school names its own), renamed in step with the lessons;
    // on a copy, as the generator shares one period list between its pupils.
    data.timetable = structuredClone(data.timetable);
    const periodNames = new Map<string, string>();
    for (const period of data.timetable.periods) {
      let name = text();
      while ([...periodNames.values()].includes(name)) name += ' ';
      periodNames.set(period.number, name);
      period.number = name;
    }
    const lesson = (template: FakeLessonTemplate) => {
      template.period_number = periodNames.get(template.period_number) ?? template.period_number;
      template.subject_name = text();
      template.lesson_name = text();
      template.room_name = text();
      template.teacher_name = text();
      template.note = html();
    };
    for (const week of data.timetable.weeks) for (const day of Object.values(week)) day?.forEach(lesson);
    for (const day of Object.values(data.timetable.changes)) day.forEach(lesson);

    // Every homework shown (to do, due in the next twelve days), and at least as many as there are HTML
    // texts, so each of those is some homework's description that the walk opens.
    const template = data.homeworks[0];
    let nextId = Math.max(0, ...data.homeworks.map((h) => h.id)) + 1;
    while (template && data.homeworks.length < htmls.length) {
      data.homeworks.push({ ...structuredClone(template), id: nextId++ });
    }
    for (const [index, homework] of data.homeworks.entries()) {
      homework.due_date = addDays(options.today, index % 12);
      // Still to do (no teacher's state, not ticked), so every homework is in the list the walk opens; each
      // with a teacher's mark and feedback, its detail showing every text as a mark (taken apart from
      // text(), so the other fields keep the texts they had).
      homework.status = {
        ...homework.status,
        id: homework.id * 10,
        state: null,
        ticked: 'no',
        mark: texts[index % texts.length]!,
        has_feedback: true,
      };
      homework.title = text();
      homework.subject = text();
      homework.lesson = text();
      homework.teacher = text();
      homework.homework_type = text();
      homework.completion_time_unit = text();
      homework.description = html();
      const label = text();
      homework.validated_links = [
        { link: label, validated_link: 'https://www.bbc.co.uk/bitesize' },
        { link: 'https://www.bbc.co.uk/bitesize', validated_link: 'https://evil.example/' },
        { link: HUGE_URL, validated_link: HUGE_URL },
      ];
      homework.validated_attachments = [
        {
          id: homework.id * 10,
          filename: text(),
          file: 'https://example.org/worksheet.pdf',
          validated_file: 'https://example.org/worksheet.pdf',
          scan_status: 'clean',
          scan_status_message: '',
        },
      ];
    }
    for (const point of data.activity) {
      point.reason = text();
      point.teacher_name = text();
      point.lesson_name = text();
      point.room_name = text();
    }
    for (const badge of data.badges) {
      badge.name = text();
      for (const entry of badge.pupil_badges) {
        const event = 'pupil_event' in entry ? entry.pupil_event : entry;
        event.lesson_pupil_behaviour.reason = text();
      }
    }
    for (const announcement of data.announcements) {
      announcement.title = text();
      announcement.teacher_name = text();
      announcement.description = html();
      announcement.attachments = [{ filename: text(), url: 'https://example.org/letter.pdf' }];
    }
    for (const detention of data.detentions) {
      detention.location = text();
      detention.lesson_pupil_behaviour = { reason: text() };
      if (detention.lesson) {
        detention.lesson.name = text();
        if (detention.lesson.subject) detention.lesson.subject.name = text();
      }
      if (detention.teacher) detention.teacher.last_name = text();
      detention.detention_type = { name: text() };
    }
  }
  return dataset;
}

/** Writes {@link schoolContentDataset} as a `--data` file at `path`. */
export function writeSchoolContentDataset(path: string, options: SchoolContentOptions): void {
  writeFileSync(path, JSON.stringify(schoolContentDataset(options)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [path, corpus] = process.argv.slice(2);
  if (!path) {
    process.stderr.write('Usage: npx tsx test/e2e/school-content.ts FILE [CORPUS.json]\n');
    process.exit(2);
  }
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/London' });
  writeSchoolContentDataset(path, { today, extra: corpus ? readCorpusFile(corpus) : [] });
  process.stdout.write(`wrote ${path}\n`);
}
