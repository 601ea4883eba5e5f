/**
 * One digit system in Arabic (docs/product.md §1): a number written in an Arabic text is written in
 * Arabic-Indic digits. What stays Latin is what a reader types or matches as written: a placeholder
 * (`{0}`, `$0`), a dialling code (`+966`), an app path (`/event/details/12`) and a name with a digit
 * in it (`UTF-8`, `H1`, `2FA`). The i18n check (scripts/i18n-check.mjs) and the server's message test
 * (server/http/http.test.ts) hold every Arabic text to it.
 */

/** A run of Latin digits that is a number of the sentence, not part of a code or a name. */
const LATIN_NUMBER = /(?<![A-Za-z0-9_$/+]|[A-Za-z]-)[0-9]+(?:[.,][0-9]+)*(?![A-Za-z0-9_])/g;

/** Placeholders (`{name}`, an ICU block with its cases) and markup tags, innermost first. */
const withoutPlaceholders = (text) => {
  let out = text.replace(/<[^>]*>/g, ' ');
  for (let before = ''; before !== out;) {
    before = out;
    out = out.replace(/\{[^{}]*\}/g, ' ');
  }
  return out;
};

/** The numbers in Latin digits of an Arabic text (none when it keeps to one digit system). */
export const latinNumbersIn = (text) => withoutPlaceholders(text).match(LATIN_NUMBER) ?? [];
