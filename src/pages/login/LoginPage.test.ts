import { describe, expect, it } from 'vitest';
import { api, loginBody, localizeMessage, MESSAGES, msg } from '@/contract';
import { plainRoutes } from '@/contract/plain';
import { EMAIL_MAX, PASSWORD_MAX, problemTexts, validateLogin } from './LoginPage';

describe('the login form without zod (docs/decisions/0010-signed-in-first-load.md)', () => {
  it('calls the contract’s login and set-language endpoints', () => {
    expect(api.login).toMatchObject(plainRoutes.login);
    expect(api.setLanguage).toMatchObject(plainRoutes.setLanguage);
  });

  const cases = [
    { email: '', password: '' },
    { email: '   ', password: 'x' },
    { email: 'a@b.c', password: '' },
    { email: '  Staff@Example.COM ', password: 'Secret-2026!' },
    { email: `${'a'.repeat(EMAIL_MAX)}@x.io`, password: 'p' },
    { email: 'a@b.c', password: 'p'.repeat(PASSWORD_MAX + 1) },
    { email: 'a'.repeat(EMAIL_MAX), password: 'p'.repeat(PASSWORD_MAX) },
  ];

  it.each(cases)('refuses and accepts what the contract’s loginBody does: %j', (values) => {
    const checked = validateLogin(values);
    const parsed = loginBody.safeParse(values);
    const refused = new Set(parsed.success ? [] : parsed.error.issues.map((issue) => String(issue.path[0])));
    expect(new Set(Object.keys(checked.problems))).toEqual(refused);
    if (parsed.success) expect(checked.values).toEqual(parsed.data);
  });

  it('words the problems as the contract does, in both languages', () => {
    const checked = validateLogin({ email: '', password: 'p'.repeat(PASSWORD_MAX + 1) });
    for (const language of ['en', 'ar'] as const) {
      expect(problemTexts(checked.problems, language, MESSAGES)).toEqual({
        email: localizeMessage(msg('required'), language),
        password: localizeMessage(msg('maxChars', { n: PASSWORD_MAX }), language),
      });
    }
  });
});
