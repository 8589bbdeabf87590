import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeHtml, stripInlineCode } from '../../renderer/lib/sanitize';

/** Every element of `html` parsed by jsdom (parse5: the WHATWG tokenizer and tree builder) in a body. */
function parse(html: string): Element[] {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  return [...doc.querySelectorAll('*')];
}

/** The attributes a browser checks against the CSP while parsing: `style` and event handlers. */
function inlineCodeAttributes(html: string): string[] {
  return parse(html).flatMap((element) =>
    element
      .getAttributeNames()
      .filter((name) => name === 'style' || name.startsWith('on'))
      .map((name) => `<${element.localName} ${name}>`),
  );
}

/** `html` holds inline code a parser would see, and none once stripInlineCode has been through it. */
function expectInlineCodeCaught(html: string): void {
  expect(inlineCodeAttributes(html), html).not.toEqual([]);
  expect(inlineCodeAttributes(stripInlineCode(html)), html).toEqual([]);
}

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
      '<a href="https://tracker.example/p.gif" rel="noopener noreferrer" dir="auto">Image: Diagram</a>',
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

  it('leaves no event handler for the parser to see, however it is written (Chromium 156 reports each one)', () => {
    const hostile = [
      '<img src=x onerror=alert(1)>',
      '<img src="x" ONERROR = "alert(1)">',
      "<body onload='alert(1)'>",
      '<img/onerror=alert(1)>',
      '<img src=x/ onerror=alert(1)>',
      '<img src="x"onerror="alert(1)">',
      "<img src='x'/onerror='alert(1)'>",
      '<p\tonclick\n=\n"alert(1)"\r\fonmouseover=x>hi</p>',
      '<svg><a onclick="alert(1)"><circle onload=alert(1) r=1></circle></a></svg>',
      '<svg/onload=alert(1)>',
      '<math><mi xlink:href="#" onmouseover="alert(1)">x</mi></math>',
      '<math><maction actiontype="toggle" OnClick=alert(1)>x</maction></math>',
      '<a title="a > b" onclick="alert(1)">x</a>',
      '<a title=\'say "hi"\' onfocus=alert(1) autofocus>x</a>',
      '<div =onclick onclick=alert(1)>x</div>',
      '<a<img onerror=alert(1)>',
      '<img src=x onerror>',
    ];
    for (const html of hostile) {
      expectInlineCodeCaught(html);
      expect(sanitizeHtml(html), html).not.toMatch(/\bon\w+\s*=|alert/i);
    }
    // A tag the input ends inside is no tag to the parser; it is renamed all the same.
    expect(stripInlineCode('<p>Hi</p><img onerror="alert(1)')).toBe('<p>Hi</p><img x-error="alert(1)');
  });

  it('cuts the <style> blocks a word processor pastes, and their text, before parsing', () => {
    const pasted =
      '<style>\n<!-- p.MsoNormal { margin: 0cm; } -->\n</style><p class="MsoNormal">Read chapter 3</p>' +
      '<STYLE type="text/css">b { color: red }</STYLE >';
    expect(parse(pasted).filter((element) => element.localName === 'style')).toHaveLength(2);
    expect(parse(stripInlineCode(pasted)).filter((element) => element.localName === 'style')).toEqual([]);
    expect(sanitizeHtml(pasted)).toBe('<p>Read chapter 3</p>');
    expect(sanitizeHtml('<p>A style guide</p><style>p{}')).toBe('<p>A style guide</p>');
  });

  it('renames only handlers and styles: every other attribute and all text stay as the parser read them', () => {
    expect(stripInlineCode('<img src="a.png" onerror="x()" alt=\'A "quote"\'>')).toBe(
      '<img src="a.png" x-error="x()" alt=\'A "quote"\'>',
    );
    expect(stripInlineCode('<p>Click on the button, then onload = done.</p>')).toBe(
      '<p>Click on the button, then onload = done.</p>',
    );
    expect(stripInlineCode('<p>&lt;img onerror=x&gt; is an attack</p>')).toBe(
      '<p>&lt;img onerror=x&gt; is an attack</p>',
    );
    expect(stripInlineCode('<a href="https://x.example/?a=1&onclick=2" one="1" data-on="y">x</a>')).toBe(
      '<a href="https://x.example/?a=1&onclick=2" x-e="1" data-on="y">x</a>',
    );
    expect(sanitizeHtml('<a href="https://x.example/?on=1" onclick="y">ok</a>')).toBe(
      '<a href="https://x.example/?on=1" rel="noopener noreferrer" dir="auto">ok</a>',
    );
  });

  // Chromium 156 checks a <base> against the popover's `base-uri 'none'` even in DOMParser's inert document,
  // and reports it (the hostile-content e2e test found it in a lesson note): the tag is renamed first.
  it('renames <base> so that no parser of the page sets a base URL', () => {
    expect(stripInlineCode('<p>a</p><base href="https://evil.example/"><p>b</p>')).toBe(
      '<p>a</p><x-base href="https://evil.example/"><p>b</p>',
    );
    expect(stripInlineCode('<!-- <BASE href=x> -->')).toBe('<!-- <x-BASE href=x> -->');
    expect(sanitizeHtml('<base href="https://evil.example/"><a href="/x">x</a><p>b</p>')).toBe(
      '<a dir="auto">x</a><p>b</p>',
    );
  });

  // Found by a hostile corpus (issue 15): where the parser ends a text context inside what reads as a quoted
  // attribute, the tag after it is real. Reading every `<` as a tag covers each such context.
  it('leaves no handler after a text context that ends inside a quoted attribute', () => {
    const img = '<img src=x onerror=alert(1)>';
    const tricks = [
      `<textarea><a title="</textarea>${img}">x</a></textarea>`,
      `<title><a title="</title>${img}">`,
      `<xmp><a title="</xmp>${img}">`,
      `<iframe><a title="</iframe>${img}">`,
      `<noembed><a title="</noembed>${img}">`,
      `<!-- <a title="-->${img}"> -->`,
      `<!-- <a title="--!>${img}"> -->`,
      `<?x <a title="?>${img}">`,
      `<![CDATA[<a title="]]>${img}">`,
      `<svg><![CDATA[<a title="]]>${img}">]]></svg>`,
      `<math><mi><mglyph><svg><mtext><textarea><a title="</textarea>${img}">x</a></textarea></mtext></svg></mglyph></mi></math>`,
    ];
    for (const html of tricks) expectInlineCodeCaught(html);
  });

  it('gives up on tens of thousands of unclosed tags by reading them as text, in linear time', () => {
    const hostile = '<a title="'.concat('<b '.repeat(30_000));
    const started = performance.now();
    const out = stripInlineCode(hostile);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(out).not.toContain('<');
  });

  it('agrees with the HTML parser on generated tags: no handler left, every element as it was', () => {
    const name = fc.constantFrom(
      ...['onerror', 'ONLOAD', 'onClick', 'style', 'STYLE', 'on', 'src', 'alt', 'title', 'href'],
      ...['one', 'data-on', 'x', '=on', 'xlink:href', 'on"x', "on'x", 'on<x'],
    );
    const value = fc.stringMatching(/^[a-z0-9 "'=<>/&;.:()-]{0,8}$/);
    const attribute = fc
      .tuple(
        name,
        fc.constantFrom('', '=', ' = ', '=\n'),
        value,
        fc.constantFrom('"', "'", ''),
        fc.constantFrom(' ', '/', '\n', '\t', ' / ', ''),
      )
      .map(([n, eq, v, quote, sep]) => {
        if (eq === '') return `${n}${sep || ' '}`;
        const body = quote ? v.replaceAll(quote, '') : v.replace(/[\s>"'`<=]/g, '') || 'v';
        return `${n}${eq}${quote}${body}${quote}${sep}`;
      });
    const tagOf = (names: string[]) =>
      fc
        .tuple(
          fc.constantFrom(...names),
          fc.constantFrom(' ', '/', '\n'),
          fc.array(attribute, { maxLength: 5 }),
          fc.constantFrom('>', '/>'),
        )
        .map(([t, sep, attributes, close]) => `<${t}${sep}${attributes.join('')}${close}`);
    const htmlTags = ['img', 'p', 'a', 'span', 'IMG', 'b'];
    const text = fc.stringMatching(/^[a-z .,]{0,6}$/);
    // Two kinds of input: HTML with SVG and MathML (handlers in foreign content), and HTML with <style>
    // elements. A <style> inside SVG holds markup, not text, and is cut to its end tag with that markup:
    // more than the parser would drop, which the sanitizer (no SVG, no MathML) would drop anyway.
    const foreign = fc.array(
      fc.oneof(
        tagOf([...htmlTags, 'svg', 'circle', 'math', 'mi']),
        text,
        fc.constantFrom('</p>', '</svg>', '</math>'),
      ),
      { maxLength: 8 },
    );
    const styled = fc.array(
      fc.oneof(
        tagOf([...htmlTags, 'style', 'STYLE']),
        text,
        fc.constantFrom('</p>', '</style>', '</STYLE >'),
      ),
      { maxLength: 8 },
    );
    // A renamed <style> (<x-style>) holds markup, where <style> held text: for those inputs, only that no
    // inline code is left is held; for the others, that nothing else changed.
    // A <template> parses a fragment much faster than a new document does, with the same tokenizer.
    const template = document.createElement('template');
    const parsed = (markup: string) => {
      template.innerHTML = markup;
      return [...template.content.querySelectorAll('*')];
    };
    const withoutInlineCode = (markup: string) => {
      let handlers = 0;
      for (const element of parsed(markup)) {
        if (element.localName === 'style') {
          element.remove();
          handlers++;
          continue;
        }
        for (const attr of element.getAttributeNames()) {
          if (attr === 'style' || attr.startsWith('on')) {
            element.removeAttribute(attr);
            handlers++;
          }
          // What stripInlineCode renamed (an attribute it read as a handler).
          if (attr.startsWith('x-')) element.removeAttribute(attr);
        }
      }
      // The elements as the parser built them, without attributes or text: stripInlineCode renames words in
      // values and text too (anything some context could read as a handler), but adds or removes no tag.
      const shape = (node: ParentNode): string =>
        [...node.children]
          .map((child) => `<${child.localName}>${shape(child)}</${child.localName}>`)
          .join('');
      return { html: shape(template.content), handlers };
    };
    fc.assert(
      fc.property(foreign, (parts) => {
        const markup = parts.join('');
        const stripped = withoutInlineCode(stripInlineCode(markup));
        expect(stripped.handlers).toBe(0);
        expect(stripped.html).toBe(withoutInlineCode(markup).html);
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(styled, (parts) => {
        expect(withoutInlineCode(stripInlineCode(parts.join(''))).handlers).toBe(0);
      }),
      { numRuns: 500 },
    );
  });

  it('drops inline styles, forms and link targets', () => {
    const html = sanitizeHtml(
      '<span style="background:url(https://x/y)">t</span><form action="https://x"><input name="a"></form>' +
        '<a href="https://example.org" target="_blank">ok</a>',
    );
    expect(html).not.toMatch(/style|form|input|target/);
    expect(html).toContain('<a href="https://example.org" rel="noopener noreferrer" dir="auto">ok</a>');
  });

  it('gives an empty string for nothing', () => {
    expect(sanitizeHtml('')).toBe('');
    expect(sanitizeHtml(null)).toBe('');
    expect(sanitizeHtml('   ')).toBe('');
  });
});
