/**
 * `npm run db:seed`: migrates the configured database (DATABASE_URL or DATA_DIR, as the server) and
 * seeds the role table and the demo accounts. Refuses in production unless ALLOW_DEMO_SEED=1.
 */
import { ConfigError, loadConfig } from '../config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
import { openConfiguredDatabase, redactUrl } from './open';
import { seedDemo } from './seed';
import { seedDemoData } from './demo-data';
import { createLocalStorage } from '../storage';
import path from 'node:path';

const run = async () => {
  const { config, settings } = loadConfig(process.env);
  if (config.mode === 'production' && process.env.ALLOW_DEMO_SEED !== '1')
    throw new ConfigError(
      'NODE_ENV=production: demo accounts are not seeded (set ALLOW_DEMO_SEED=1 to force).',
    );
  const database = await openConfiguredDatabase(settings);
  try {
    await database.migrate();
    const { created } = await seedDemo(database.db, config.now());
    const { seeded } = await seedDemoData(
      database.db,
      createLocalStorage(path.join(settings.dataDir, 'uploads')),
      config.now(),
    );
    if (seeded) console.info('Seeded the demo records (masters, service providers, supervisors, staff).');
    const where = settings.databaseUrl ? redactUrl(settings.databaseUrl) : settings.dataDir;
    console.info(
      created.length
        ? `Seeded ${created.length} demo account(s) into ${where}: ${created.join(', ')} (password ${DEMO_PASSWORD}).`
        : `The demo accounts were already there (${DEMO_ACCOUNTS.length}) in ${where}; nothing to add.`,
    );
  } finally {
    await database.close();
  }
};

run().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
