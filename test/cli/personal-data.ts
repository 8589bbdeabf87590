// A made-up family's personal data (issue 26 §2), seeded into the fake server's demo dataset where the real
// service puts such things, in the forms an earlier redaction let through: a name with a diacritic both
// precomposed and decomposed, `Name <email>` plain text, a phone number written five ways and spelled in
// character references, an unquoted link with a token, a photo URL with the pupil's name and id, an HTML
// comment, an attribute value holding a newline and `>`, a care-plan note, attendance session names and
// dates followed by digits. Every person, address, number and link here is invented (the phone number is in
// Ofcom's drama range 07700 900xxx).
import { addDays } from '../../common/dates';
import type { IsoDate } from '../../common/domain';
import type { FakeDataset, FakePupilData, RawAttendanceMark } from '../../dev/fake-classcharts/index';

const PUPIL_FIRST = 'Zoë';
const PUPIL_LAST = 'Wróblewska';
/** The pupil's name, precomposed (NFC). */
const PUPIL = `${PUPIL_FIRST} ${PUPIL_LAST}`;
/** The same name decomposed (NFD: `e` + U+0308, `o` + U+0301), as some systems store it. */
const PUPIL_DECOMPOSED = PUPIL.normalize('NFD');
const PARENT = 'Siobhán Wróblewska';
/** The parent's e-mail address: also her sign-in (the test signs in with it). */
export const PARENT_EMAIL = 'siobhan.wroblewska77@gmail.com';
const TEACHER = 'Mrs Ngozi Featherstonehaugh';
const TEACHER_TWO = 'Mr Tadeusz Wójcik';
const ADDRESS = '14 Larkspur Crescent, Little Dunmow, CM6 3QZ';
const CARE_NOTE = 'ADHD, EHCP in place: see the SENCo before any sanction';
const PHONES = ['07700 900123', '07700900123', '+44 7700 900123', '(07700) 900-123', '0 7700 900 123'];
/** `07700 900123` in decimal character references, and `+447700900123` in hexadecimal ones. */
const PHONE_DECIMAL = [...'07700 900123'].map((c) => `&#${c.charCodeAt(0)};`).join('');
const PHONE_HEX = [...'+447700900123'].map((c) => `&#x${c.charCodeAt(0).toString(16)};`).join('');
/** The pupil's name in named references, and in decimal ones. */
const NAME_NAMED = 'Zo&euml; Wr&oacute;blewska';
const NAME_DECIMAL = [...PUPIL].map((c) => `&#${c.charCodeAt(0)};`).join('');
const TOKEN = 'tk9QpL2xZ7vW';
const SCHOOL_HOST = 'stmarys-larkspur.example';
/** Whole values that are a date followed by digits (a phone number), not a date. */
const DATES_WITH_DIGITS = ['2026-06-16 07700900123', '2026-06-15T447700900123'];
/** Attendance sessions as a school may name them (besides the fake's `AM` and `PM`). */
const SESSIONS = ['Registration', 'Nurture Group'];

const documentLink = (pupilId: number) =>
  `https://docs.${SCHOOL_HOST}/care-plan/${pupilId}?token=${TOKEN}&pupil=zoe-wroblewska`;
const photoUrl = (pupilId: number) => `https://photos.${SCHOOL_HOST}/pupils/zoe-wroblewska-${pupilId}.jpg`;

/**
 * Strings that must not appear in a recording, lower-cased (compare with the lower-cased text), in NFC and
 * NFD: the seeded values, as written and as their character references read, and the pieces of them that
 * identify someone. `pupilId` is the seeded
 * pupil's id (it is in the photo URL and the document link).
 */
export function seededStrings(pupilId: number): string[] {
  const whole = [
    PUPIL,
    PUPIL_DECOMPOSED,
    PARENT,
    PARENT_EMAIL,
    TEACHER,
    TEACHER_TWO,
    ADDRESS,
    CARE_NOTE,
    ...PHONES,
    PHONE_DECIMAL,
    PHONE_HEX,
    NAME_NAMED,
    NAME_DECIMAL,
    documentLink(pupilId),
    photoUrl(pupilId),
    ...DATES_WITH_DIGITS,
    ...SESSIONS,
  ];
  const pieces = [
    ...PUPIL.split(' '),
    ...PARENT.split(' '),
    'siobhan',
    'wroblewska',
    'wroblewska77',
    'Ngozi',
    'Featherstonehaugh',
    'Tadeusz',
    'Wójcik',
    'Larkspur',
    'Dunmow',
    'CM6 3QZ',
    'ADHD',
    'EHCP',
    'SENCo',
    TOKEN,
    'stmarys',
    'gmail',
    '+447700900123',
    '900123',
    '07700900123',
    '447700900123',
    'Nurture',
    String(pupilId),
  ];
  const forms = new Set<string>();
  for (const text of [...whole, ...pieces])
    for (const form of [text.normalize('NFC'), text.normalize('NFD')]) forms.add(form.toLowerCase());
  return [...forms];
}

/**
 * Strings seeded as they are (not only inside others) that the service's answers must carry, to check the
 * seeding reached the recorded answers: a test that seeds nothing would pass for nothing.
 */
export function servedStrings(pupilId: number): string[] {
  return [
    PUPIL,
    PUPIL_DECOMPOSED,
    PARENT,
    PARENT_EMAIL,
    CARE_NOTE,
    photoUrl(pupilId),
    documentLink(pupilId),
    ...DATES_WITH_DIGITS,
    ...SESSIONS,
  ];
}

/**
 * Seeds the made-up family into `dataset` (the fake's generated demo dataset, changed in place): the pupil
 * `pupilId` (the demo student, a parent's first child) and the first parent. `today` (YYYY-MM-DD) picks
 * records the recording asks for (homework due within 20 days of it, the latest behaviour points, attendance
 * of the last 7 days). The parent then signs in with {@link PARENT_EMAIL}.
 * @throws Error when the demo dataset lacks a record to seed (a homework or behaviour point in range).
 */
export function seedPersonalData(dataset: FakeDataset, pupilId: number, today: IsoDate): void {
  const data: FakePupilData | undefined = dataset.pupils.find((p) => p.pupil.id === pupilId);
  const parent = dataset.parents[0];
  if (!data || !parent) throw new Error('the demo dataset has no pupil or parent to seed');
  const weekAgo = addDays(today, -6);

  Object.assign(data.pupil, {
    name: PUPIL,
    first_name: PUPIL_FIRST,
    last_name: PUPIL_LAST,
    avatar_url: photoUrl(pupilId),
    pupil_concerns_help_text: `Worried about ${PUPIL_FIRST}? Call ${PHONES[2]}`,
  });
  Object.assign(parent.user, { name: PARENT, email: PARENT_EMAIL });

  const [html, plain] = data.homeworks.filter(
    (h) => h.due_date >= addDays(today, -20) && h.due_date <= addDays(today, 20),
  );
  if (!html || !plain) throw new Error('the demo dataset has no two homeworks due within 20 days');
  html.teacher = TEACHER;
  html.title = `Reading log for ${NAME_NAMED}`;
  html.description = [
    `<p>Care plan for ${NAME_NAMED}: <a href=${documentLink(pupilId)} target=_blank>open it</a></p>`,
    `<p><img src=${photoUrl(pupilId)} alt="${PUPIL}"><!-- checked by ${TEACHER} for ${PUPIL}: ${CARE_NOTE} --></p>`,
    `<p><span title="${PUPIL}\n> mum: ${PHONES[0]}">Contact</span> ${PHONE_DECIMAL} or ${PHONE_HEX}, ${NAME_DECIMAL}</p>`,
  ].join('\n');
  html.validated_links = [{ link: documentLink(pupilId), validated_link: documentLink(pupilId) }];
  plain.teacher = TEACHER_TWO.normalize('NFD');
  plain.description = `${PARENT} <${PARENT_EMAIL}> asked: call <${PHONES[0]}> or ${PHONES[3]}; ${NAME_NAMED}`;

  const [first, second] = data.activity
    .filter((a) => a.type === 'behaviour' && a.timestamp.slice(0, 10) < today)
    .sort((a, b) => b.timestamp.localeCompare(a.timestamp));
  if (!first || !second) throw new Error('the demo dataset has no two behaviour points before today');
  Object.assign(first, {
    pupil_name: PUPIL_DECOMPOSED,
    teacher_name: TEACHER_TWO,
    note: DATES_WITH_DIGITS[0],
  });
  Object.assign(second, { pupil_name: PUPIL, teacher_name: TEACHER, note: CARE_NOTE });

  for (const announcement of data.announcements) {
    announcement.teacher_name = TEACHER;
    if (announcement.consent) announcement.consent.parent_name = PARENT;
    for (const consent of announcement.pupil_consents)
      Object.assign(consent.pupil, { first_name: PUPIL_FIRST, last_name: PUPIL_LAST });
  }
  const [announcement] = data.announcements;
  if (announcement) {
    announcement.title = `Consent for ${NAME_DECIMAL}`;
    announcement.description = `${PARENT} <${PARENT_EMAIL}>\nHome: ${ADDRESS}\nTel: ${PHONES[4]} / ${PHONES[1]}`;
  }

  for (const detention of data.detentions) {
    detention.notes = CARE_NOTE;
    detention.location = ADDRESS;
    Object.assign(detention.pupil, { first_name: PUPIL_FIRST.normalize('NFD'), last_name: PUPIL_LAST });
    if (detention.teacher)
      Object.assign(detention.teacher, { first_name: 'Ngozi', last_name: 'Featherstonehaugh' });
  }

  for (const week of data.timetable.weeks)
    for (const lessons of Object.values(week))
      for (const lesson of lessons ?? []) lesson.teacher_name = TEACHER;

  const present: RawAttendanceMark = { code: '/', status: 'present', late_minutes: 0 };
  for (const [date, sessions] of Object.entries(data.attendance ?? {})) {
    if (date < weekAgo || date > today) continue;
    sessions[SESSIONS[0]!] = { ...present, room_name: DATES_WITH_DIGITS[1]! };
    sessions[SESSIONS[1]!] = { ...present, lesson_name: `${SESSIONS[1]} with ${TEACHER}` };
  }
}
