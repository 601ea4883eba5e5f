#!/usr/bin/env node
/**
 * `npm run i18n:check`: fails when a user-facing string is missing from the catalogs or has no
 * Arabic translation. Lingui itself does the work (its CLI's API, with lingui.config.ts): it collects
 * the messages of src/ as `lingui extract` would, without writing anything, and reads the committed
 * catalogs with the configured format; this script only compares.
 */
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';

const config = getConfig({ cwd: new URL('..', import.meta.url).pathname });
const [catalog, ...others] = await getCatalogs(config);
if (!catalog || others.length) throw new Error('lingui.config.ts should name exactly one catalog');

const [extracted, committed, arabic] = await Promise.all([
  catalog.collect(),
  catalog.read(config.sourceLocale),
  catalog.read('ar'),
]);
if (!extracted) throw new Error('Lingui collected no messages from src/');

/** Lingui's ids (a hash of the message and its context); the message itself is what a reader knows. */
const live = (messages) => Object.entries(messages).filter(([, m]) => !m.obsolete);
const text = (id, m) => JSON.stringify(m.message ?? id);

const problems = [];
const report = (found, what) => {
  if (found.length)
    problems.push(`${found.length} ${what}:\n${found.map(([id, m]) => `  - ${text(id, m)}`).join('\n')}`);
};

const inCatalog = new Set(live(committed).map(([id]) => id));
const inCode = new Set(Object.keys(extracted));
report(
  Object.entries(extracted).filter(([id]) => !inCatalog.has(id)),
  'message(s) in the code are not in the catalogs (run npm run i18n:extract)',
);
report(
  live(committed).filter(([id]) => !inCode.has(id)),
  'message(s) in the catalogs are no longer used (run npm run i18n:extract)',
);

const translation = (id) => arabic[id]?.translation ?? '';
report(
  Object.entries(extracted).filter(([id]) => !translation(id).trim()),
  'message(s) without an Arabic translation in src/locales/ar/messages.po',
);
report(
  Object.entries(extracted).filter(([id]) => {
    const letters = translation(id).replace(/\{[^}]*\}|<[^>]*>/g, '');
    return /[A-Za-z]{4,}/.test(letters) && !/[\u0600-\u06FF]/.test(letters);
  }),
  'Arabic message(s) look untranslated (Latin text only)',
);

if (problems.length) {
  console.error(problems.join('\n\n'));
  process.exitCode = 1;
} else {
  console.info(`i18n: ${inCode.size} messages, all in the catalogs and translated into Arabic.`);
}
