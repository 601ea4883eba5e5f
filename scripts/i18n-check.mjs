#!/usr/bin/env node
/**
 * `npm run i18n:check`: fails when a user-facing string is missing from the catalogs or has no
 * Arabic translation. Lingui itself does the work (its CLI's API, with lingui.config.ts): it collects
 * the messages of src/ as `lingui extract` would, without writing anything, and reads the committed
 * catalogs with the configured format; this script only compares.
 */
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { latinNumbersIn } from './arabic-digits.mjs';

const config = getConfig({ cwd: new URL('..', import.meta.url).pathname });
const catalogs = await getCatalogs(config);
if (!catalogs.length) throw new Error('lingui.config.ts names no catalog');

/** Lingui's ids (a hash of the message and its context); the message itself is what a reader knows. */
const live = (messages) => Object.entries(messages).filter(([, m]) => !m.obsolete);
const text = (id, m) => JSON.stringify(m.message ?? id);

const problems = [];
const report = (found, what) => {
  if (found.length)
    problems.push(`${found.length} ${what}:\n${found.map(([id, m]) => `  - ${text(id, m)}`).join('\n')}`);
};

let counted = 0;
// Each catalog (lingui.config.ts: the app's, and the screens' that load with them) on its own.
for (const catalog of catalogs) {
  const file = catalog.path.replace('{locale}', 'ar').replace(/^.*\/src\//, 'src/') + '.po';
  const [extracted, committed, arabic] = await Promise.all([
    catalog.collect(),
    catalog.read(config.sourceLocale),
    catalog.read('ar'),
  ]);
  if (!extracted) throw new Error(`Lingui collected no messages for ${file}`);
  const inCatalog = new Set(live(committed).map(([id]) => id));
  const inCode = new Set(Object.keys(extracted));
  counted += inCode.size;
  report(
    Object.entries(extracted).filter(([id]) => !inCatalog.has(id)),
    `message(s) in the code are not in the catalogs (run npm run i18n:extract): ${file}`,
  );
  report(
    live(committed).filter(([id]) => !inCode.has(id)),
    `message(s) in the catalogs are no longer used (run npm run i18n:extract): ${file}`,
  );
  const translation = (id) => arabic[id]?.translation ?? '';
  report(
    Object.entries(extracted).filter(([id]) => !translation(id).trim()),
    `message(s) without an Arabic translation in ${file}`,
  );
  report(
    Object.entries(extracted).filter(([id]) => {
      const letters = translation(id).replace(/\{[^}]*\}|<[^>]*>/g, '');
      // Arabic anywhere counts: a message that is one plural has its words inside the braces.
      return /[A-Za-z]{4,}/.test(letters) && !/[\u0600-\u06FF]/.test(translation(id));
    }),
    `Arabic message(s) look untranslated (Latin text only) in ${file}`,
  );
  report(
    Object.entries(extracted).filter(([id]) => latinNumbersIn(translation(id)).length > 0),
    `Arabic message(s) write a number in Latin digits (one digit system: scripts/arabic-digits.mjs) in ${file}`,
  );
}

if (problems.length) {
  console.error(problems.join('\n\n'));
  process.exitCode = 1;
} else {
  console.info(`i18n: ${counted} messages in ${catalogs.length} catalogs, all translated into Arabic.`);
}
