import { escapeHtml, mailLayout, mailParts, paragraphsHtml } from './mail-template';

describe(escapeHtml.name, () => {
  it('escapes the five characters that matter in element text and quoted attributes', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;');
  });
});

describe(paragraphsHtml.name, () => {
  it('parts paragraphs at blank lines and breaks lines at single new lines, escaped', () => {
    expect(paragraphsHtml('a <b>\nc\n\n\nd')).toBe('<p>a &lt;b&gt;<br>c</p>\n<p>d</p>');
    expect(paragraphsHtml('a\n\nb', '')).toBe('<p>a</p><p>b</p>');
  });
});

describe(mailParts.name, () => {
  it('builds the text part and the HTML part (in the layout) from the same blocks', () => {
    const parts = mailParts([
      'Hello Ann & Bob,',
      { html: '<p><strong>Hi</strong></p>', text: 'Hi', quote: true },
      { href: 'https://x.test/a?b=1&c=2', label: 'Open it' },
      { href: 'https://x.test/r', label: 'Choose a password', text: 'https://x.test/r' },
      { href: 'https://x.test/s', label: 'Review and Sign', button: true },
    ]);
    expect(parts.text).toBe(
      'Hello Ann & Bob,\n\nHi\n\nOpen it: https://x.test/a?b=1&c=2\n\nhttps://x.test/r\n\nReview and Sign: https://x.test/s',
    );
    expect(parts.html).toBe(
      mailLayout(
        [
          '<p>Hello Ann &amp; Bob,</p>',
          '<blockquote><p><strong>Hi</strong></p></blockquote>',
          '<p><a href="https://x.test/a?b=1&amp;c=2">Open it</a></p>',
          '<p><a href="https://x.test/r">Choose a password</a></p>',
          '<p><a href="https://x.test/s" style="display:inline-block;padding:10px 18px;background:#1976d2;color:#fff;border-radius:4px;text-decoration:none">Review and Sign</a></p>',
        ].join('\n'),
      ),
    );
  });

  it('wraps the HTML part in one whole document', () => {
    const { html } = mailParts(['x']);
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="en">')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html.endsWith('<p>x</p>\n</body>\n</html>')).toBe(true);
  });
});
