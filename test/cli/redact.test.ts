// The redaction rules of `cli record`: same-shaped stand-ins, consistent across answers, dates and flags kept.
import { describe, expect, it } from 'vitest';
import { originalsOf, Redactor } from '../../main/cli/redact';

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

  it('URLs go to example.com with their shape; emails to example.com; HTML keeps its tags and entities', () => {
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
});
