import { TASK_DESCRIPTION_MAX_LENGTH } from '@app/contracts';
import { richTextLength, sanitizeRichText } from './rich-text';

const LINK_ATTRS = 'target="_blank" rel="noopener noreferrer nofollow"';

/** Nothing a browser could run: no script element, no event handler, no script or data URL. */
function expectInert(html: string) {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/\son\w+\s*=/i);
  expect(html).not.toMatch(/javascript:/i);
  expect(html).not.toMatch(/vbscript:/i);
  expect(html).not.toMatch(/data:/i);
  expect(html).not.toMatch(/<(?:img|svg|iframe|object|embed|style|math|body|div|base|meta|link|form|input)\b/i);
  expect(html).not.toMatch(/\sstyle\s*=/i);
}

describe(sanitizeRichText.name, () => {
  describe('keeps the allowlist', () => {
    it('keeps p, br, strong, em, u, s, ul, ol and li as they are', () => {
      const html = '<p>One <strong>bold</strong> <em>it</em> <u>under</u> <s>gone</s><br /></p><ul><li>a</li></ul><ol><li>b</li></ol>';
      expect(sanitizeRichText(html)).toBe(html);
    });

    it('keeps a mention span with its data-mention value and nothing else on it', () => {
      expect(sanitizeRichText('<span class="m" style="color:red" data-mention="42" id="x">@Jane Doe</span>')).toBe(
        '<span data-mention="42">@Jane Doe</span>',
      );
    });

    it.each([
      ['https', 'https://example.com/a?b=1&amp;c=2'],
      ['http', 'http://example.com/'],
      ['mailto', 'mailto:jane@example.com'],
    ])('keeps an %s link and gives it target and rel', (_scheme, href) => {
      expect(sanitizeRichText(`<a href="${href}" title="t">go</a>`)).toBe(`<a href="${href}" ${LINK_ATTRS}>go</a>`);
    });

    it('replaces target and rel a user wrote', () => {
      expect(sanitizeRichText('<a href="https://example.com" target="_self" rel="opener">x</a>')).toBe(
        `<a href="https://example.com" ${LINK_ATTRS}>x</a>`,
      );
    });

    it.each(['/relative/path', '//evil.example.com/x', 'ftp://example.com/file', '#top'])(
      'drops the href %s (only absolute http, https and mailto links)',
      (href) => {
        expect(sanitizeRichText(`<a href="${href}">x</a>`)).toBe(`<a ${LINK_ATTRS}>x</a>`);
      },
    );

    it('drops tags outside the allowlist but keeps their text', () => {
      expect(sanitizeRichText('<h1>Title</h1><div><b>bold</b> <table><tr><td>cell</td></tr></table></div>')).toBe('Titlebold cell');
    });

    it('gives an empty string for an empty or non-string input', () => {
      expect(sanitizeRichText('')).toBe('');
      expect(sanitizeRichText(42 as unknown as string)).toBe('');
    });
  });

  describe('strips what can run', () => {
    it.each([
      ['a script element', '<p>ok</p><script>alert(1)</script>', '<p>ok</p>'],
      ['a mixed-case script', 'ok<ScRiPt>alert(1)</sCrIpT>', 'ok'],
      ['an unclosed script with src', 'ok<script src=//x.example/x.js', 'ok'],
      ['a style element with @import', "ok<style>@import'//x.example/x.css';</style>", 'ok'],
      ['an iframe', 'ok<iframe src="https://evil.example/"></iframe>', 'ok'],
      ['an iframe with srcdoc', 'ok<iframe srcdoc="<script>alert(1)</script>">inner</iframe>', 'ok'],
      ['an object', 'ok<object data="x.swf">fallback</object>', 'ok'],
      ['an embed', 'ok<embed src="data:image/svg+xml;base64,PHN2Zz4=">', 'ok'],
      ['an img with onerror', 'ok<img src=x onerror=alert(1)>', 'ok'],
      ['an IMG with a javascript: src', "ok<IMG SRC=javascript:alert('XSS')>", 'ok'],
      [
        'a base64 img',
        'ok<IMG SRC="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==">',
        'ok',
      ],
      ['a blob img', 'ok<img src="blob:https://example.com/1234">', 'ok'],
      ['an svg onload', 'ok<svg/onload=alert(1)>', 'ok'],
      ['a body onload', 'ok<body onload=alert(1)>', 'ok'],
      ['a div with a javascript: background', '<div style="background:url(javascript:alert(1))">ok</div>', 'ok'],
      ['a p with an expression() style', '<p style="x:expression(alert(1))">ok</p>', '<p>ok</p>'],
      ['a math xlink:href', '<math><mi xlink:href="javascript:alert(1)">ok</mi></math>', 'ok'],
      ['an input with autofocus onfocus', 'ok<input onfocus=alert(1) autofocus>', 'ok'],
      ['a details ontoggle', '<details open ontoggle=alert(1)>ok</details>', 'ok'],
      ['a meta refresh', 'ok<meta http-equiv="refresh" content="0;url=javascript:alert(1)">', 'ok'],
      ['a base href', 'ok<base href="javascript:alert(1)//">', 'ok'],
      ['a form action', '<form action="javascript:alert(1)"><button>ok</button></form>', 'ok'],
      ['a link stylesheet', 'ok<link rel="stylesheet" href="javascript:alert(1)">', 'ok'],
      ['an HTML comment hiding a script', 'ok<!--<script>alert(1)</script>-->', 'ok'],
      ['an event handler on an allowed tag', '<p onclick="alert(1)" onmouseover=alert(1)>ok</p>', '<p>ok</p>'],
      ['an event handler on a mention', '<span onmouseover=alert(1) data-mention="7">ok</span>', '<span data-mention="7">ok</span>'],
      ['a javascript: link', '<a href="javascript:alert(1)">ok</a>', `<a ${LINK_ATTRS}>ok</a>`],
      ['a JaVaScRiPt: link', '<a href="JaVaScRiPt:alert(1)">ok</a>', `<a ${LINK_ATTRS}>ok</a>`],
      ['a javascript: link with a tab entity', '<a href="jav&#x09;ascript:alert(1)">ok</a>', `<a ${LINK_ATTRS}>ok</a>`],
      ['a javascript: link with a newline entity', '<a href="jav&#x0A;ascript:alert(1)">ok</a>', `<a ${LINK_ATTRS}>ok</a>`],
      ['a javascript: link with a leading space', '<a href=" javascript:alert(1)">ok</a>', `<a ${LINK_ATTRS}>ok</a>`],
      ['an entity-encoded javascript: link', '<a href="&#106;avascript:alert(1)">ok</a>', `<a ${LINK_ATTRS}>ok</a>`],
      [
        'a fully entity-encoded javascript: link',
        '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">ok</a>',
        `<a ${LINK_ATTRS}>ok</a>`,
      ],
      ['a vbscript: link', '<a href="vbscript:msgbox(1)">ok</a>', `<a ${LINK_ATTRS}>ok</a>`],
      ['a data: link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">ok</a>', `<a ${LINK_ATTRS}>ok</a>`],
      [
        'a link with an event handler',
        '<a href="https://example.com" onclick="alert(1)">ok</a>',
        `<a href="https://example.com" ${LINK_ATTRS}>ok</a>`,
      ],
      [
        'attributes without spaces between them',
        '<a href="https://example.com/"title="x"onmouseover="alert(1)">ok</a>',
        `<a href="https://example.com/" ${LINK_ATTRS}>ok</a>`,
      ],
      ['a tag split by a slash', 'ok<a/href="javascript:alert(1)">x</a>', `ok<a ${LINK_ATTRS}>x</a>`],
      ['an escaped script in text', 'ok &lt;script&gt;alert(1)&lt;/script&gt;', 'ok &lt;script&gt;alert(1)&lt;/script&gt;'],
    ])('strips %s', (_name, input, expected) => {
      const output = sanitizeRichText(input);
      expect(output).toBe(expected);
      expectInert(output);
    });
  });

  describe('turns link-like text into links', () => {
    it.each([
      [
        'an https URL',
        'see https://example.com/a?b=1',
        `see <a href="https://example.com/a?b=1" ${LINK_ATTRS}>https://example.com/a?b=1</a>`,
      ],
      ['an http URL', 'http://example.org', `<a href="http://example.org" ${LINK_ATTRS}>http://example.org</a>`],
      [
        'a URL with an ampersand',
        'https://x.example.com/?a=1&b=2',
        `<a href="https://x.example.com/?a=1&amp;b=2" ${LINK_ATTRS}>https://x.example.com/?a=1&amp;b=2</a>`,
      ],
      [
        'a www name (https:// added)',
        'go to www.example.org/page now',
        `go to <a href="https://www.example.org/page" ${LINK_ATTRS}>www.example.org/page</a> now`,
      ],
      ['a .com word (https:// added)', 'visit example.com.', `visit <a href="https://example.com" ${LINK_ATTRS}>example.com</a>.`],
      [
        'a .com word with a path',
        'docs.example.com/help?q=1',
        `<a href="https://docs.example.com/help?q=1" ${LINK_ATTRS}>docs.example.com/help?q=1</a>`,
      ],
      ['a URL in parentheses', '(https://example.com)', `(<a href="https://example.com" ${LINK_ATTRS}>https://example.com</a>)`],
      [
        'a URL inside formatting',
        '<p><strong>example.com</strong></p>',
        `<p><strong><a href="https://example.com" ${LINK_ATTRS}>example.com</a></strong></p>`,
      ],
    ])('links %s', (_name, input, expected) => {
      expect(sanitizeRichText(input)).toBe(expected);
    });

    it.each([
      [
        'text inside an existing link',
        `<a href="https://a.example.com">see example.com and https://b.example.com</a>`,
        `<a href="https://a.example.com" ${LINK_ATTRS}>see example.com and https://b.example.com</a>`,
      ],
      [
        'text inside formatting inside a link',
        '<a href="https://a.example.com"><strong>www.b.example.com</strong></a>',
        `<a href="https://a.example.com" ${LINK_ATTRS}><strong>www.b.example.com</strong></a>`,
      ],
      [
        'a URL in an attribute',
        '<span data-mention="https://example.com">@Jo</span>',
        '<span data-mention="https://example.com">@Jo</span>',
      ],
      ['the domain of an email address', 'write to jane@example.com', 'write to jane@example.com'],
      ['.company and .com.au words', 'example.company and example.com.au', 'example.company and example.com.au'],
      ['a javascript: text', 'javascript-alert.net', 'javascript-alert.net'],
      ['plain words', 'call me at 5pm.', 'call me at 5pm.'],
    ])('does not link %s', (_name, input, expected) => {
      expect(sanitizeRichText(input)).toBe(expected);
    });

    it('does not let a linked URL carry markup or quotes out of its href', () => {
      const output = sanitizeRichText('https://example.com/"onmouseover="alert(1)<script>x</script>');
      expectInert(output);
      expect(output).toBe(`<a href="https://example.com/" ${LINK_ATTRS}>https://example.com/</a>"onmouseover="alert(1)`);
    });

    it('stays fast on long link-like text', () => {
      const started = Date.now();
      sanitizeRichText(`${'a.'.repeat(50_000)}co ${'www.'.repeat(20_000)} ${'a-'.repeat(50_000)}`);
      expect(Date.now() - started).toBeLessThan(2000);
    });
  });

  it('is idempotent', () => {
    const once = sanitizeRichText('<p>see www.example.com and <a href="https://x.example.com">x</a><img src=x onerror=alert(1)></p>');
    expect(sanitizeRichText(once)).toBe(once);
  });
});

describe(richTextLength.name, () => {
  it('counts the text, not the markup, with entities decoded', () => {
    expect(richTextLength('<p><strong>a&amp;b</strong></p>')).toBe(3);
    expect(richTextLength(sanitizeRichText('example.com'))).toBe('example.com'.length);
  });

  it('counts a task description of exactly the limit as within it', () => {
    const html = `<p>${'x'.repeat(TASK_DESCRIPTION_MAX_LENGTH)}</p>`;
    expect(richTextLength(sanitizeRichText(html))).toBe(TASK_DESCRIPTION_MAX_LENGTH);
  });

  it('does not count script text that the sanitiser drops', () => {
    expect(richTextLength('<script>alert(1)</script>ab')).toBe(2);
  });
});
