/**
 * npm run admin -- set-password <email>
 * npm run admin -- reset-2fa <email>
 *
 * Administrator accounts, from the server: sets a forgotten password (see
 * commands/set-password.ts), turns off a lost second factor (commands/reset-2fa.ts). Uses the configured database like the server:
 * DATABASE_URL, else the PGlite directory DATA_DIR, which a running server
 * holds (stop it first).
 */
import { parseArgs } from 'node:util';
import { read } from 'read';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { resetTwoFactorOf } from './commands/reset-2fa';
import { setPassword } from './commands/set-password';
import { runCommand } from './lib/command';

const USAGE = `usage: npm run admin -- set-password <email>
       npm run admin -- reset-2fa <email>

  set-password   sets the password of the administrator with this e-mail and
                 signs them out everywhere. The password is asked twice without
                 echo, or read from the first line of standard input when that
                 is not a terminal:
                   echo 'a long passphrase' | npm run admin -- set-password me@example.com

  reset-2fa      turns off the two-factor sign-in of the administrator with
                 this e-mail (their authenticator secret and recovery codes
                 go), for an Owner who lost both

environment: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite, default ./data), PASSWORD_HASH_COST`;

const COMMANDS = ['set-password', 'reset-2fa'] as const;
type Command = (typeof COMMANDS)[number];
const isCommand = (value: string | undefined): value is Command =>
  (COMMANDS as readonly (string | undefined)[]).includes(value);

/** The command and its e-mail, or the problem with the command line. */
function parse(argv: string[]): { command: Command; email: string } | string {
  let positionals: string[];
  try {
    ({ positionals } = parseArgs({ args: argv, allowPositionals: true, strict: true }));
  } catch (error) {
    return (error as Error).message;
  }
  const [command, email, ...rest] = positionals;
  if (!isCommand(command)) return command ? `unknown command "${command}"` : 'no command';
  if (!email || rest.length > 0) return `${command} takes one e-mail address`;
  return { command, email };
}

/** The first line of standard input when it is a pipe or a file. */
async function firstLine(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

/** The new password: twice without echo on a terminal, else the first line of stdin. */
async function askPassword(): Promise<string | null> {
  if (!process.stdin.isTTY) return firstLine(process.stdin);
  const first = await read({ prompt: 'New password: ', silent: true, replace: '' });
  const again = await read({ prompt: 'Repeat it: ', silent: true, replace: '' });
  return first === again ? first : null;
}

async function main(): Promise<number> {
  const args = parse(process.argv.slice(2));
  if (typeof args === 'string') {
    console.error(`${args}\n\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  let database;
  try {
    database = await openDatabase(
      config.databaseUrl
        ? { databaseUrl: config.databaseUrl, poolSize: 1 }
        : { dataDir: config.dataDir },
    );
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(`${error.message}.\nStop the server, run this command, then start it again.`);
      return 1;
    }
    throw error;
  }
  try {
    await database.migrate();
    if (args.command === 'reset-2fa') {
      const result = await resetTwoFactorOf(database, args.email);
      (result.ok ? console.log : console.error)(result.message);
      return result.ok ? 0 : 1;
    }
    const password = await askPassword();
    if (password === null) {
      console.error('The two passwords differ. Nothing was changed.');
      return 1;
    }
    const result = await setPassword(database, {
      email: args.email,
      password,
      hashCost: config.passwordHashCost,
    });
    (result.ok ? console.log : console.error)(result.message);
    return result.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

runCommand(main);
