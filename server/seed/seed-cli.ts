/**
 * `npm run db:seed`: migrates the configured database (DATABASE_URL or DATA_DIR, as the server) and
 * seeds the role table, the demo accounts and the demo records. Refuses in production unless
 * ALLOW_DEMO_SEED=1.
 *
 * `npm run db:seed -- --bookings 100000` (the large seed for measurements) then adds bookings to
 * the demo events until there are that many, in batches of 1,000 with their histories.
 */
import { ConfigError, loadConfig } from '../core/config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
import { openConfiguredDatabase, redactUrl } from '../db/open';
import { seedDemo } from './seed';
import { seedDemoData } from './demo-data';
import { createDbStorage } from '../files/storage';
import { count } from 'drizzle-orm';
import { seedBookings } from './demo-bookings';
import { installRowTriggers } from '../db/row-triggers';
import { areaTables } from '../areas';
import { bookings } from '../db/schema';

/** `--bookings N` (or `--bookings=N`): the number of bookings wanted in total. */
const bookingsWanted = (argv: string[]): number | null => {
  const i = argv.findIndex((a) => a === '--bookings' || a.startsWith('--bookings='));
  if (i < 0) return null;
  const raw = argv[i]!.includes('=') ? argv[i]!.split('=')[1] : argv[i + 1];
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 10_000_000)
    throw new ConfigError(`--bookings needs a whole number from 0 to 10000000 (got "${raw ?? ''}").`);
  return n;
};

const run = async () => {
  const wanted = bookingsWanted(process.argv.slice(2));
  const { config, settings } = loadConfig(process.env);
  if (config.mode === 'production' && process.env.ALLOW_DEMO_SEED !== '1')
    throw new ConfigError(
      'NODE_ENV=production: demo accounts are not seeded (set ALLOW_DEMO_SEED=1 to force).',
    );
  const database = await openConfiguredDatabase(settings);
  try {
    await database.migrate();
    await installRowTriggers(database.db, areaTables());
    const { created } = await seedDemo(database.db, config.now());
    const { seeded } = await seedDemoData(
      database.db,
      createDbStorage(database.db, { quotaBytes: config.uploadQuotaBytes, now: config.now }),
      config.now(),
    );
    if (seeded)
      console.info(
        'Seeded the demo records (masters, service providers, supervisors, staff, events, advertisements, pages, bookings).',
      );
    if (wanted !== null) {
      const [{ n }] = (await database.db.select({ n: count() }).from(bookings)) as [{ n: number }];
      const missing = wanted - Number(n);
      if (missing > 0) {
        const started = Date.now();
        let added = 0;
        for (let left = missing; left > 0; left -= 10_000) {
          added += await seedBookings(database.db, Math.min(10_000, left), config.now());
          console.info(`  … ${Number(n) + added} bookings`);
        }
        console.info(`Added ${added} bookings in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
      } else console.info(`There are already ${n} bookings; nothing to add.`);
    }
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
