/**
 * Which links the popover opens at once, asks about first, or refuses, and why (renderer/lib/links.ts,
 * issue 15 §3). The refusals are the contract's own words (common/text.ts WEB_LINK_REFUSALS), which
 * main gives too for the same addresses.
 */
import { describe, expect, it } from 'vitest';
import { judgeLink, shownHost } from '../../renderer/lib/links';

describe('judgeLink', () => {
  it('opens an ordinary web link, saying where it goes', () => {
    expect(judgeLink(' https://www.bbc.co.uk/bitesize/guides/zsd8tyc ', 'BBC Bitesize')).toEqual({
      kind: 'open',
      url: 'https://www.bbc.co.uk/bitesize/guides/zsd8tyc',
      host: 'www.bbc.co.uk',
    });
  });

  it('opens the address as the URL parser writes it (trimmed, spaces escaped, a root path added)', () => {
    expect(judgeLink(' https://example.org/a b ')).toMatchObject({
      kind: 'open',
      url: 'https://example.org/a%20b',
    });
    expect(judgeLink('http://example.org')).toMatchObject({ kind: 'open', url: 'http://example.org/' });
  });

  it('opens a link whose text names the same site, with or without www. or a subdomain', () => {
    for (const [href, text] of [
      ['https://www.bbc.co.uk/bitesize', 'https://www.bbc.co.uk/bitesize'],
      ['https://bbc.co.uk/', 'www.bbc.co.uk'],
      ['https://www.bbc.co.uk/', 'Read bbc.co.uk tonight'],
      ['https://classroom.google.com/c/1', 'google.com'],
      ['https://forms.gle/abc', 'https://forms.gle/abc'],
    ]) {
      expect(judgeLink(href, text).kind, `${text} → ${href}`).toBe('open');
    }
  });

  it('asks first when the text shows another address than the one the link opens', () => {
    expect(judgeLink('https://evil.example/login', 'https://www.bbc.co.uk/bitesize')).toEqual({
      kind: 'confirm',
      url: 'https://evil.example/login',
      host: 'evil.example',
      shown: 'bbc.co.uk',
    });
    // A school's mail filter wraps every link: the text still names the real page.
    const wrapped = judgeLink(
      'https://eur01.safelinks.protection.outlook.com/?url=https%3A%2F%2Fwww.bbc.co.uk%2F',
      'https://www.bbc.co.uk/',
    );
    expect(wrapped.kind).toBe('confirm');
    // A look-alike that only starts like the shown site.
    expect(judgeLink('https://bbc.co.uk.evil.example/', 'bbc.co.uk').kind).toBe('confirm');
  });

  it('takes a file name or plain words for what they are, not for an address', () => {
    for (const text of ['worksheet.pdf', 'Notes.docx', 'Chapter 3. Read it', 'Mr.Smith', 'e.g. this', '']) {
      expect(judgeLink('https://example.org/f', text).kind, text).toBe('open');
    }
  });

  it('refuses a link that hides its real address behind a user name, saying where it goes', () => {
    expect(judgeLink('https://school.example@evil.example/', 'school.example')).toEqual({
      kind: 'refuse',
      problem: 'credentials',
      message: 'This link was not opened: it hides its real address.',
      host: 'evil.example',
    });
  });

  it('refuses an address over 2,048 characters without parsing it, and anything not http(s)', () => {
    expect(judgeLink(`https://example.org/${'a'.repeat(100_000)}`, 'A long link')).toEqual({
      kind: 'refuse',
      problem: 'too-long',
      message: 'This link was not opened: its address is too long (over 2,048 characters).',
      host: null,
    });
    for (const href of ['javascript:alert(1)', 'file:///etc/passwd', 'mailto:a@b.c', '/relative', null]) {
      expect(judgeLink(href)).toEqual({
        kind: 'refuse',
        problem: 'not-web',
        message: 'Only web links (http or https) can be opened.',
        host: null,
      });
    }
  });
});

describe('shownHost', () => {
  it('reads the address a text shows, lower case, punycoded, www. dropped', () => {
    expect(shownHost('Read www.BBC.co.uk/bitesize')).toBe('bbc.co.uk');
    expect(shownHost('https://bücher.example/x')).toBe('xn--bcher-kva.example');
    expect(shownHost('docs.google.com/document/d/1')).toBe('docs.google.com');
    expect(shownHost('Worksheet 3')).toBeNull();
  });
});
