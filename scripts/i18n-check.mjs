#!/usr/bin/env node
/**
 * `npm run i18n:check`: fails when a user-facing string is missing from the catalogs or has no
 * Arabic translation. It extracts the messages of src/ into a scratch copy of the catalogs (the
 * committed files are left as they are) and compares.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const locales = join(root, 'src', 'locales');
const catalog = (dir, locale) => join(dir, locale, 'messages.po');

/** Parses a .po file into entries { id, context, str, obsolete }. */
export const parsePo = (text) => {
  const entries = [];
  let cur = null;
  let field = null;
  const unquote = (s) => JSON.parse(s.replace(/^"|"$/g, (q) => q).replace(/\\'/g, "'"));
  const flush = () => {
    if (cur && cur.id !== undefined && cur.id !== '') entries.push(cur);
    cur = null;
  };
  for (const raw of text.split(/\r?\n/)) {
    const obsolete = raw.startsWith('#~');
    const line = obsolete ? raw.slice(2).trim() : raw.trim();
    if (line === '') {
      flush();
      continue;
    }
    if (line.startsWith('#') && !obsolete) continue;
    const m = /^(msgctxt|msgid|msgstr)\s+(".*")$/.exec(line);
    if (m) {
      if (m[1] === 'msgctxt' || (m[1] === 'msgid' && cur?.str !== undefined)) flush();
      cur ??= { obsolete };
      field = m[1] === 'msgctxt' ? 'context' : m[1] === 'msgid' ? 'id' : 'str';
      cur[field] = unquote(m[2]);
    } else if (line.startsWith('"') && cur && field) {
      cur[field] += unquote(line);
    }
  }
  flush();
  return entries.filter((e) => !e.obsolete);
};

const key = (e) => `${e.context ?? ''}\u0004${e.id}`;
const read = (file) => parsePo(readFileSync(file, 'utf8'));

const scratch = mkdtempSync(join(tmpdir(), 'i18n-check-'));
const problems = [];
try {
  const before = { en: read(catalog(locales, 'en')), ar: read(catalog(locales, 'ar')) };
  // Extract into the real folder after a backup, then restore: Lingui writes catalogs where its
  // config says; the backup makes the check side-effect free.
  cpSync(locales, join(scratch, 'backup'), { recursive: true });
  try {
    execFileSync(
      process.execPath,
      [join(root, 'node_modules/@lingui/cli/dist/lingui.js'), 'extract', '--clean'],
      {
        cwd: root,
        stdio: 'pipe',
      },
    );
    cpSync(locales, join(scratch, 'extracted'), { recursive: true });
  } finally {
    rmSync(locales, { recursive: true, force: true });
    cpSync(join(scratch, 'backup'), locales, { recursive: true });
  }
  const extracted = read(catalog(join(scratch, 'extracted'), 'en'));
  const committed = new Set(before.en.map(key));
  const current = new Set(extracted.map(key));
  const missing = extracted.filter((e) => !committed.has(key(e)));
  const unused = before.en.filter((e) => !current.has(key(e)));
  if (missing.length)
    problems.push(
      `${missing.length} message(s) in the code are not in the catalogs (run npm run i18n:extract):\n` +
        missing.map((e) => `  - ${JSON.stringify(e.id)}`).join('\n'),
    );
  if (unused.length)
    problems.push(
      `${unused.length} message(s) in the catalogs are no longer used (run npm run i18n:extract):\n` +
        unused.map((e) => `  - ${JSON.stringify(e.id)}`).join('\n'),
    );
  const ar = new Map(before.ar.map((e) => [key(e), e.str]));
  const untranslated = extracted.filter((e) => !ar.get(key(e))?.trim());
  if (untranslated.length)
    problems.push(
      `${untranslated.length} message(s) without an Arabic translation in src/locales/ar/messages.po:\n` +
        untranslated.map((e) => `  - ${JSON.stringify(e.id)}`).join('\n'),
    );
  const latin = extracted.filter((e) => {
    const s = ar.get(key(e)) ?? '';
    const letters = s.replace(/\{[^}]*\}|<[^>]*>/g, '');
    return /[A-Za-z]{4,}/.test(letters) && !/[\u0600-\u06FF]/.test(letters);
  });
  if (latin.length)
    problems.push(
      `${latin.length} Arabic message(s) look untranslated (Latin text only):\n` +
        latin.map((e) => `  - ${JSON.stringify(e.id)}`).join('\n'),
    );
  if (problems.length) {
    console.error(problems.join('\n\n'));
    process.exitCode = 1;
  } else {
    console.info(`i18n: ${extracted.length} messages, all in the catalogs and translated into Arabic.`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
