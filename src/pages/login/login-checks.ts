/**
 * The login form's checks without zod (docs/decisions/0010-signed-in-first-load.md): the contract's
 * `loginBody` rules, and their texts from the contract's message table.
 */
import type { MESSAGES } from '@/contract/messages';
import { formatCount, type Language } from '@/contract/plain';

export type LoginForm = { email: string; password: string };
export type LoginErrors = Partial<Record<keyof LoginForm, string>>;

/** Limits of the contract's `loginBody`. */
export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 1024;

/** A problem of a field, as a key of the contract's message table (`MESSAGES`). */
type Problem = { key: 'required' } | { key: 'maxChars'; n: number };
export type LoginProblems = Partial<Record<keyof LoginForm, Problem>>;

/**
 * The two fields checked as the contract's `loginBody` checks them (required, at most so long; the
 * e-mail trimmed and lower-cased). The server checks them again: its field errors show too.
 */
export function validateLogin(values: LoginForm): { values: LoginForm; problems: LoginProblems } {
  const email = values.email.trim().toLowerCase();
  const problems: LoginProblems = {};
  if (email === '') problems.email = { key: 'required' };
  else if (email.length > EMAIL_MAX) problems.email = { key: 'maxChars', n: EMAIL_MAX };
  if (values.password === '') problems.password = { key: 'required' };
  else if (values.password.length > PASSWORD_MAX) problems.password = { key: 'maxChars', n: PASSWORD_MAX };
  return { values: { email, password: values.password }, problems };
}

export type MessageTable = typeof MESSAGES;

/**
 * The texts of `problems` in `language`, from the contract's message table (the server's words for
 * the same problems). The page loads the table with the first problem: its first load does not carry
 * it (docs/decisions/0010-signed-in-first-load.md).
 */
export function problemTexts(problems: LoginProblems, language: Language, table: MessageTable): LoginErrors {
  const text = (problem: Problem) =>
    table[problem.key][language].replace(
      '{n}',
      problem.key === 'maxChars' ? formatCount(problem.n, language) : '',
    );
  return {
    email: problems.email && text(problems.email),
    password: problems.password && text(problems.password),
  };
}
