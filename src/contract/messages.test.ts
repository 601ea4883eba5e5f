import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';

/** docs/glossary.md: messages as a person writes them, one word per thing, one digit system. */
describe('the words of the validation messages', () => {
  const all = Object.entries(MESSAGES) as [string, { en: string; ar: string }][];

  it('name no storage unit, format string or technical term', () => {
    for (const [key, { en, ar }] of all) {
      expect(en, key).not.toMatch(/halala|YYYY|MM-DD|time zone|ISO 8601|minor unit/i);
      expect(ar, key).not.toMatch(/هللة|بالهللة|YYYY|المنطقة الزمنية/);
    }
  });

  it('give examples of dates and money in the reader’s language and currency', () => {
    expect(MESSAGES.price.en).toContain('SAR 150.00');
    expect(MESSAGES.price.ar).toContain('١٥٠٫٠٠ ر.س.');
    expect(MESSAGES.invalidDate.en).toMatch(/e\.g\. 25 Dec 2026/);
    expect(MESSAGES.invalidDateTime.ar).toMatch(/[\u0660-\u0669]/);
  });

  it('say "service provider" one way in Arabic', () => {
    for (const [key, { ar }] of all) expect(ar, key).not.toMatch(/مزو|مقدم(?!ّ)/);
  });
});
