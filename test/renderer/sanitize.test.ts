import { describe, expect, it } from 'vitest';
import { externalHref } from '../../renderer/lib/links';
import { sanitizeHtml } from '../../renderer/lib/sanitize';

describe('sanitizeHtml', () => {
  it('keeps the formatting teachers use', () => {
    const html = sanitizeHtml('\n\n<p>Read <b>pages 4&nbsp;to 6</b></p><ol><li>one</li></ol>');
    expect(html).toContain('<b>pages 4');
    expect(html).toContain('<ol><li>one</li></ol>');
  });

  it('removes scripts, event handlers and javascript: links', () => {
    const html = sanitizeHtml(
      '<script>alert(1)</script><p onclick="alert(2)" onmouseover="x()">Hi</p>' +
        '<a href="javascript:alert(3)">bad</a><svg onload="alert(4)"></svg><iframe src="https://x"></iframe>',
    );
    expect(html).not.toMatch(/script|onclick|onmouseover|onload|javascript:|iframe|svg/i);
    expect(html).toContain('Hi');
    expect(html).toContain('bad');
  });

  it('turns images into links instead of loading them', () => {
    const html = sanitizeHtml('<p><img src="https://tracker.example/p.gif" alt="Diagram" onerror="x()"></p>');
    expect(html).not.toContain('<img');
    expect(html).toContain(
      '<a href="https://tracker.example/p.gif" rel="noopener noreferrer">Image: Diagram</a>',
    );
    expect(sanitizeHtml('<img src="data:image/png;base64,AAAA">')).toBe('<span>Image</span>');
  });

  it('removes style attributes from tags only: text about styles, even escaped HTML, is kept', () => {
    expect(sanitizeHtml('<p>Use a formal style = no slang.</p>')).toBe(
      '<p>Use a formal style = no slang.</p>',
    );
    expect(sanitizeHtml('<p>Write &lt;p style="color:red"&gt; in your page.</p>')).toBe(
      '<p>Write &lt;p style="color:red"&gt; in your page.</p>',
    );
    expect(sanitizeHtml('<span style="color:red" title="x">red</span>')).toBe('<span title="x">red</span>');
  });

  it('drops inline styles, forms and link targets', () => {
    const html = sanitizeHtml(
      '<span style="background:url(https://x/y)">t</span><form action="https://x"><input name="a"></form>' +
        '<a href="https://example.org" target="_blank">ok</a>',
    );
    expect(html).not.toMatch(/style|form|input|target/);
    expect(html).toContain('<a href="https://example.org" rel="noopener noreferrer">ok</a>');
  });

  it('gives an empty string for nothing', () => {
    expect(sanitizeHtml('')).toBe('');
    expect(sanitizeHtml(null)).toBe('');
    expect(sanitizeHtml('   ')).toBe('');
  });
});

describe('externalHref', () => {
  it('allows http(s) only', () => {
    expect(externalHref(' https://example.org/a b ')).toBe('https://example.org/a%20b');
    expect(externalHref('http://example.org')).toBe('http://example.org/');
    expect(externalHref('javascript:alert(1)')).toBeNull();
    expect(externalHref('file:///etc/passwd')).toBeNull();
    expect(externalHref('mailto:a@b.c')).toBeNull();
    expect(externalHref('/relative')).toBeNull();
    expect(externalHref(null)).toBeNull();
  });
});
