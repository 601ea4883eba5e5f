import { describe, expect, it } from 'vitest';
import { localizeMessage, MESSAGES, msg, registerMessages, registerTerms } from './messages';

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

describe('a message by its key', () => {
  it("is looked up in the reader's language with its parameters filled", () => {
    expect(localizeMessage(msg('required'), 'en')).toBe('Required');
    expect(localizeMessage(msg('required'), 'ar')).toBe(MESSAGES.required.ar);
    expect(localizeMessage(msg('minChars', { n: 8 }), 'en')).toBe('At least 8 characters');
    expect(localizeMessage(msg('minChars', { n: 8 }), 'ar')).toBe('٨ أحرف على الأقل');
  });

  it('carries any parameter text intact, and says a registered term in Arabic in Arabic', () => {
    registerMessages({ testMove: { en: 'From {from} to {to}?', ar: 'من {from} إلى {to}؟' } });
    registerTerms([{ en: 'Checked in', ar: 'تم تسجيل الحضور' }]);
    const text = msg('testMove' as never, { from: 'a?b=c&d%', to: 'Checked in' });
    expect(localizeMessage(text, 'en')).toBe('From a?b=c&d% to Checked in?');
    expect(localizeMessage(text, 'ar')).toBe('من a?b=c&d% إلى تم تسجيل الحضور؟');
  });

  it("writes a number in the reader's digits, and a text of digits as it was written", () => {
    registerMessages({
      testDone: {
        en: '{done} done, {refused} refused in {header}',
        ar: 'تم {done}، ورُفض {refused} في {header}',
      },
    });
    const text = msg('testDone' as never, { done: 158, refused: 12345, header: '2024' });
    expect(localizeMessage(text, 'en')).toBe('158 done, 12,345 refused in 2024');
    expect(localizeMessage(text, 'ar')).toBe('تم ١٥٨، ورُفض ١٢٬٣٤٥ في 2024');
    // A year-like number is not grouped.
    expect(localizeMessage(msg('minChars' as never, { n: 2026 }), 'ar')).toContain('٢٠٢٦');
  });

  it('leaves a text that is no message as it is, and refuses a key that names two messages', () => {
    expect(localizeMessage('Required', 'ar')).toBe('Required');
    expect(localizeMessage('msg:noSuchKey', 'ar')).toBe('msg:noSuchKey');
    expect(() => registerMessages({ required: { en: 'Needed', ar: 'مطلوب' } })).toThrow(/required/);
  });
});
