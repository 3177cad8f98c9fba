import { describe, expect, it } from 'vitest';
import { messageTemplateRules, templateUsage } from './messageTemplateRules';

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
});
