import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { flags, users } from './db/schema';
import { DEMO_SCALE, seed } from './seed/seed';
import { hashPassword } from './lib/password';
import { countAdmins, createAdminIfMissing } from './modules/auth';

const DEFAULT_ADMIN_EMAIL = 'admin@example.com';
const DEMO_SEEDED = 'demo_seeded';

/**
 * Start-up duties after migrations: the administrator account from the
 * environment (or a first one with a random password), and demo data on the
 * first start of the embedded database.
 */
type App = Pick<FastifyInstance, 'config' | 'database' | 'log'>;

/** The administrator this start created, to sign in as: with its password when Cabdesk chose it. */
export type CreatedAdmin = { email: string; password?: string } | null;

export async function bootstrap(app: App): Promise<CreatedAdmin> {
  const created = await ensureAdmin(app);
  await seedDemoOnce(app);
  return created;
}

async function ensureAdmin(app: App): Promise<CreatedAdmin> {
  const { config, database } = app;
  if (config.admin) {
    // Only ever creates: a password changed in the app must survive the next
    // deploy, so an existing account is left alone (`npm run admin --
    // set-password` resets a forgotten one).
    const created = await createAdminIfMissing(database.db, {
      email: config.admin.email,
      name: 'Administrator',
      passwordHash: await hashPassword(config.admin.password, config.passwordHashCost),
    });
    app.log.info(
      { email: config.admin.email },
      created
        ? 'administrator created'
        : 'administrator exists: ADMIN_PASSWORD is not applied (npm run admin -- set-password resets a password)',
    );
    return created ? { email: config.admin.email } : null;
  }
  if ((await countAdmins(database.db)) > 0) return null;
  const password = randomBytes(12).toString('base64url');
  const created = await createAdminIfMissing(database.db, {
    email: DEFAULT_ADMIN_EMAIL,
    name: 'Administrator',
    passwordHash: await hashPassword(password, config.passwordHashCost),
  });
  // Another instance starting at the same moment made it (and shows its password).
  return created ? { email: DEFAULT_ADMIN_EMAIL, password } : null;
}

/**
 * What the server prints once it listens, after every other line of the
 * start (the build's, the log's): where Cabdesk is and, on the start that
 * created the administrator, whom to sign in as. A password Cabdesk chose is
 * shown here only, outside the structured log, so it never lands in log
 * storage as a field.
 */
export function readyMessage(url: string, created: CreatedAdmin): string {
  if (!created) return `\nCabdesk is ready at ${url}\n`;
  if (!created.password) {
    return `\nCabdesk is ready at ${url}: sign in as ${created.email} with ADMIN_PASSWORD.\n`;
  }
  return [
    '',
    'Cabdesk created the administrator account (the password is shown only this once;',
    'set ADMIN_EMAIL and ADMIN_PASSWORD on the first start to choose your own):',
    `  e-mail:   ${created.email}`,
    `  password: ${created.password}`,
    '',
    `Cabdesk is ready at ${url}: sign in as ${created.email} with the password above.`,
    '',
  ].join('\n');
}

async function seedDemoOnce(app: App) {
  const { config, database } = app;
  const wanted =
    config.seedDemo === 'true' || (config.seedDemo === 'auto' && config.databaseUrl === undefined);
  if (!wanted) return;
  const { db } = database;
  const [flag] = await db.select().from(flags).where(eq(flags.key, DEMO_SEEDED));
  if (flag) return;
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) === 0) {
    app.log.info('seeding demo data (first start)');
    const summary = await seed(database, { scale: DEMO_SCALE, uploadDir: config.uploadDir });
    app.log.info({ summary }, 'demo data seeded');
  }
  await db
    .insert(flags)
    .values({ key: DEMO_SEEDED, value: new Date().toISOString() })
    .onConflictDoNothing();
}
