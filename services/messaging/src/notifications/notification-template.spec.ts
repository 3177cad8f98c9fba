import { sanitizeRichText } from '@app/platform';
import {
  DEFAULT_NOTIFICATION_TEMPLATE,
  formatDueDate,
  htmlToText,
  renderHtml,
  renderSubject,
  textToHtml,
  unknownMergeFields,
  type MergeValues,
} from './notification-template';

const values: MergeValues = {
  client_first_name: 'Ann',
  client_last_name: "O'Hara & Sons",
  address: '12 Elm St, Austin, TX',
  agent_name: 'Ben Agent',
  task_name: 'Inspection',
  due_date: '03/05/2026',
};

describe('notification templates', () => {
  it('knows the six merge fields, with or without spaces inside the braces, and names the unknown ones', () => {
    expect(
      unknownMergeFields('{{client_first_name}} {{ client_last_name }} {{address}} {{agent_name}} {{task_name}} {{due_date}}'),
    ).toEqual([]);
    expect(unknownMergeFields('Hi {{first_name}} at {{ addres }}')).toEqual(['first_name', 'addres']);
    expect(unknownMergeFields('{{}}')).toEqual(['']);
    expect(unknownMergeFields('no fields { here }')).toEqual([]);
  });

  it('renders HTML with escaped values and the subject with plain ones', () => {
    expect(renderHtml('<p>Hello {{client_last_name}}, {{ task_name }}</p>', values)).toBe('<p>Hello O&#39;Hara &amp; Sons, Inspection</p>');
    expect(renderSubject('{{client_last_name}}: update on {{address}}', values)).toBe("O'Hara & Sons: update on 12 Elm St, Austin, TX");
  });

  it('renders the built-in default for every merge field', () => {
    const html = renderHtml(sanitizeRichText(DEFAULT_NOTIFICATION_TEMPLATE.template), values);
    expect(html).not.toContain('{{');
    expect(htmlToText(html)).toBe(
      "Hello Ann O'Hara & Sons,\n\nThis is an update on 12 Elm St, Austin, TX: Inspection (due 03/05/2026).\n\nBest regards,\nBen Agent",
    );
    expect(renderSubject(DEFAULT_NOTIFICATION_TEMPLATE.subject, values)).toBe('Update on 12 Elm St, Austin, TX');
  });

  it('derives text from HTML: paragraphs, breaks, list items and link addresses', () => {
    const html = sanitizeRichText(
      '<p>One &amp; <strong>two</strong></p><ul><li>a</li><li>b</li></ul><p>See <a href="https://x.test/p?a=1&b=2">the page</a> or https://y.test</p>',
    );
    expect(htmlToText(html)).toBe(
      'One & two\n\n- a\n- b\nSee the page (https://x.test/p?a=1&amp;b=2) or https://y.test'.replace('&amp;', '&'),
    );
  });

  it('turns plain text into escaped paragraphs', () => {
    expect(textToHtml('a < b\nnext\n\nsecond')).toBe('<p>a &lt; b<br>next</p><p>second</p>');
  });

  it('writes due dates as MM/DD/YYYY', () => {
    expect(formatDueDate('2026-03-05')).toBe('03/05/2026');
    expect(formatDueDate(null)).toBe('');
    expect(formatDueDate('2024-02-29T00:00:00.000Z')).toBe('02/29/2024');
    expect(formatDueDate(new Date('2026-03-05T00:00:00Z'))).toBe('03/05/2026');
  });
});
