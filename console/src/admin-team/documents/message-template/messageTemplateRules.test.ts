import { describe, expect, it } from 'vitest';
import { messageTemplateRules, templateText, templateUsage } from './messageTemplateRules';

const firstError = (value: unknown) => messageTemplateRules.map((rule) => rule(value)).find(Boolean);

describe('message template rules', () => {
  it('requires a template of at most 5000 characters', () => {
    expect(firstError('')).toBe('Required');
    expect(firstError('Please find the documents attached.')).toBeUndefined();
    expect(firstError('x'.repeat(5000))).toBeUndefined();
    expect(firstError('x'.repeat(5001))).toBe('At most 5000 characters');
  });

  it('counts the characters used of the limit', () => {
    expect(templateUsage('Hello')).toEqual({ count: 5, max: 5000, over: false });
    expect(templateUsage('x'.repeat(5001)).over).toBe(true);
    expect(templateUsage(undefined).count).toBe(0);
  });

  // The server stores the template through the rich-text sanitiser: the text box shows its text.
  it('shows the stored (sanitised) template as the text that was typed', () => {
    expect(templateText('Hello,\n\nPlease find the attached documents.')).toBe('Hello,\n\nPlease find the attached documents.');
    expect(templateText('Smith &amp; Sons &lt;office&gt;')).toBe('Smith & Sons <office>');
    expect(templateText('See <a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">example.com</a> today')).toBe(
      'See example.com today',
    );
    expect(templateText('<p>One</p><p>Two<br>Three</p>')).toBe('One\n\nTwo\nThree');
    expect(templateText('')).toBe('');
  });
});
