// The redaction rules of `cli record`: same-shaped stand-ins, consistent across answers, dates and flags kept;
// HTML through a real parser, text treated as text (issue 26 §2).
import { describe, expect, it } from 'vitest';
import { isDateOrTime, isHtml, originalsOf, Redactor } from '../../cli/redact';

function redactor(...values: unknown[]): Redactor {
  const avoid = new Set<string>();
  for (const value of values) originalsOf(value, avoid);
  return new Redactor(avoid);
}

describe('Redactor', () => {
  it('replaces names word by word, same length and case, the same word the same everywhere', () => {
    const answer = { name: 'Amelia Hughes', first_name: 'Amelia', teacher: 'Mr J Hughes' };
    const out = redactor(answer).json(answer) as typeof answer;
    expect(out.name).toMatch(/^[A-Z][a-z]{5} [A-Z][a-z]{5}$/);
    expect(out.name).not.toContain('Amelia');
    expect(out.name.split(' ')[0]).toBe(out.first_name);
    expect(out.teacher.split(' ')[2]).toBe(out.name.split(' ')[1]);
  });

  it('maps ids to as many digits, the same id (number or string) to the same stand-in', () => {
    const a = { data: [{ id: 4102571, pupil: { id: '4102571' }, key: 12 }] };
    const out = redactor(a).json(a) as { data: [{ id: number; pupil: { id: string }; key: number }] };
    const [row] = out.data;
    expect(String(row.id)).toMatch(/^[1-9]\d{6}$/);
    expect(row.id).not.toBe(4102571);
    expect(row.pupil.id).toBe(String(row.id));
    expect(row.key).not.toBe(12);
  });

  it('keeps dates, times, flags, small counts and vocabulary', () => {
    const answer = {
      date: '2026-06-17',
      start_time: '2026-06-17T08:45:00+01:00',
      timestamp: '2026-06-17 10:00:00',
      time: '15:30',
      name: '6/15/2026',
      ticked: 'yes',
      sticky: false,
      score: -2,
      completion_time_value: '30',
      polarity: 'positive',
      meta: [],
    };
    expect(redactor(answer).json(answer)).toEqual(answer);
  });

  it('URLs go to example.com with their shape; emails to example.com; HTML keeps its tags (and `&nbsp;`)', () => {
    const answer = {
      file: 'https://www.classcharts.com/uploads/school-42/Essay%20plan.docx?token=abc123',
      email: 'sarah.hughes@gmail.com',
      description: '<p>Read <a href="https://bbc.co.uk/bitesize">Bitesize</a>&nbsp;now</p>',
    };
    const out = redactor(answer).json(answer) as typeof answer;
    expect(out.file).toMatch(
      /^https:\/\/example\.com\/[a-z]{7}\/[a-z]{6}-\d{2}\/[A-Z][a-z]{4}%20[a-z]{4}\.docx\?token=[a-z]{3}\d{3}$/,
    );
    expect(out.email).toMatch(/^[a-z]{5}\.[a-z]{6}@example\.com$/);
    expect(out.description).toMatch(
      /^<p>[A-Z][a-z]{3} <a href="https:\/\/example\.com\/[a-z]{8}">[A-Z][a-z]{7}<\/a>&nbsp;[a-z]{3}<\/p>$/,
    );
    expect(JSON.stringify(out)).not.toMatch(/classcharts|hughes|gmail|bbc|Bitesize|Essay|abc123/i);
  });

  it('keeps the extension of a file name and the allowed file types', () => {
    const answer = { file_name: 'Essay plan.docx', allowed_file_types: ['pdf', 'docx'] };
    const out = redactor(answer).json(answer) as typeof answer;
    expect(out.file_name).toMatch(/^[A-Z][a-z]{4} [a-z]{4}\.docx$/);
    expect(out.allowed_file_types).toEqual(['pdf', 'docx']);
  });

  it('replaces reason names used as map keys', () => {
    const answer = { data: { positive_reasons: { Teamwork: 3, 'Great effort': 1 }, other: 1 } };
    const out = redactor(answer).json(answer) as { data: { positive_reasons: Record<string, number> } };
    const keys = Object.keys(out.data.positive_reasons);
    expect(keys).toHaveLength(2);
    expect(keys.join()).not.toMatch(/Teamwork|Great|effort/);
    expect(Object.values(out.data.positive_reasons)).toEqual([3, 1]);
  });

  it('tells HTML by a known element: `Name <email>`, `<phone>` and `a < b` are text', () => {
    expect(isHtml('<p>Hi</p>')).toBe(true);
    expect(isHtml('Read <a href=x>this</a>')).toBe(true);
    expect(isHtml('Line<br>break')).toBe(true);
    expect(isHtml('Sarah Hughes <sarah.hughes@gmail.com>')).toBe(false);
    expect(isHtml('call <07700 900123>')).toBe(false);
    expect(isHtml('a < b and <Amelia Hughes>')).toBe(false);
  });

  it('plain text with angle brackets: every word replaced, the brackets kept', () => {
    const answer = { note: 'Sarah Hughes <sarah.hughes@gmail.com>, call <07700 900123>' };
    const out = redactor(answer).json(answer) as typeof answer;
    expect(out.note).toMatch(
      /^[A-Z][a-z]{4} [A-Z][a-z]{5} <[a-z]{5}\.[a-z]{6}@[a-z]{5}\.[a-z]{3}>, [a-z]{4} <\d{5} \d{6}>$/,
    );
    expect(out.note).not.toMatch(/sarah|hughes|gmail|07700|900123/i);
  });

  it('HTML: unquoted values, comments, values holding a newline or `>`, unknown tag and attribute names', () => {
    const answer = {
      description:
        '<p><a href=https://docs.school.org/plan?token=Xk39 target=_blank>Plan</a><!-- for Amelia -->' +
        '<img src=https://photos.school.org/amelia-4102571.jpg alt=Amelia>' +
        '<span title="Amelia\n> Hughes">Hi</span> <main Hughes>x</main> <amelia@x.com></p>',
    };
    const out = redactor(answer).json(answer) as typeof answer;
    expect(out.description).toMatch(
      /^<p><a href="https:\/\/example\.com\/[a-z]{4}\?token=[A-Z][a-z]\d{2}" target="_[a-z]{5}">[A-Z][a-z]{3}<\/a><!-- [a-z]{3} [A-Z][a-z]{5} -->/,
    );
    expect(out.description).toContain('<img src="https://example.com/');
    expect(out.description).toMatch(/<span title="[A-Z][a-z]{5}\n&gt; [A-Z][a-z]{5}">/);
    expect(out.description).toMatch(/<main [a-z]{6}="">/);
    expect(out.description).not.toMatch(/amelia|hughes|school|docs|photos|Xk39|4102571|x\.com/i);
  });

  it('character references are read before redaction, in HTML and in text', () => {
    const phone = [...'07700 900123'].map((c) => `&#${c.charCodeAt(0)};`).join('');
    const answer = {
      description: `<p>Zo&euml; on ${phone}</p>`,
      note: `Zo&euml; on &#x30;&#x37;&#x37;&#x30;&#x30; 900123`,
      name: 'Zoë',
    };
    const out = redactor(answer).json(answer) as typeof answer;
    expect(out.description).toBe(
      `<p>${out.name} ${out.note.split(' ')[1]} ${out.note.split(' ').slice(2).join(' ')}</p>`,
    );
    expect(JSON.stringify(out)).not.toMatch(/&#|&euml;|Zoë|07700|900123/);
  });

  it('a letter and its combining marks are one word, the same as its precomposed form', () => {
    const answer = { name: 'Zoë Wróblewska', pupil_name: 'Zoe\u0308 Wro\u0301blewska' };
    const out = redactor(answer).json(answer) as typeof answer;
    expect(out.pupil_name).toBe(out.name);
    expect(out.name).toMatch(/^[A-Z][a-z]{2} [A-Z][a-z]{9}$/);
  });

  it('keeps a date only when it is the whole value', () => {
    expect(isDateOrTime('2026-06-17T08:45:00.000Z')).toBe(true);
    expect(isDateOrTime('2023-08-24:00:00+00:00')).toBe(true); // a malformed detention date the service sends
    const answer = { note: '2026-06-17 07700900123', other: '2026-06-17T07700900123Z' };
    const out = redactor(answer).json(answer) as typeof answer;
    expect(JSON.stringify(out)).not.toMatch(/07700900123|2026-06-17/);
  });

  it('attendance: date keys kept, session names replaced the same in keys and in meta.sessions', () => {
    const mark = { code: 'N', status: 'absent', late_minutes: '' };
    const answer = {
      data: { '2026-06-17': { AM: mark, Registration: mark, 'Nurture Group': mark } },
      meta: { sessions: ['AM', 'Registration', 'Nurture Group'], dates: ['2026-06-17'] },
    };
    const out = redactor(answer).json(answer) as typeof answer;
    const sessions = Object.keys(out.data['2026-06-17']);
    expect(sessions).toEqual(out.meta.sessions);
    expect(sessions.join()).not.toMatch(/AM|Registration|Nurture/);
    expect(out.meta.dates).toEqual(['2026-06-17']);
    expect(Object.values(out.data['2026-06-17']).map((m) => m.status)).toEqual([
      'absent',
      'absent',
      'absent',
    ]);
  });

  it('keeps field names (`lower_snake`, `isEmailVerified`), replaces capitalised keys', () => {
    const answer = { isEmailVerified: true, pupil_name: 'x', Hughes: 1 };
    const [verified, name, hughes] = Object.keys(redactor(answer).json(answer) as object);
    expect([verified, name]).toEqual(['isEmailVerified', 'pupil_name']);
    expect(hughes).toMatch(/^[A-Z][a-z]{5}$/);
    expect(hughes).not.toBe('Hughes');
  });
});
