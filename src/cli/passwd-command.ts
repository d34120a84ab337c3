/**
 * `rxconf passwd FILE USER [--groups G,G] [--delete]`: adds a user to the
 * Basic authentication user file or changes their password (read from
 * standard input, one line; prompted for on a terminal). The file is
 * written atomically with mode 0600.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { formatUsers, hashPassword, isUserName, parseUsers } from '../server/auth/password-file.ts';

const readPassword = async (): Promise<string> => {
  const rl = createInterface({ input: process.stdin, output: process.stdin.isTTY ? process.stderr : undefined, terminal: process.stdin.isTTY });
  try {
    if (process.stdin.isTTY) process.stderr.write('password: ');
    for await (const line of rl) return line;
    return '';
  } finally {
    rl.close();
  }
};

export const passwdCommand = async (argv: readonly string[], usage = ''): Promise<number> => {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: { groups: { type: 'string' }, delete: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const [file, user] = positionals;
  if (file === undefined || user === undefined || positionals.length > 2) {
    console.error(`rxconf passwd: give FILE and USER\n${usage}`);
    return 2;
  }
  if (!isUserName(user)) {
    console.error(`rxconf passwd: "${user}" cannot be a user name (no spaces or colons)`);
    return 2;
  }
  const users = existsSync(file) ? parseUsers(readFileSync(file, 'utf8'), file) : new Map();
  if (values.delete) {
    if (!users.delete(user)) {
      console.error(`rxconf passwd: no user "${user}" in ${file}`);
      return 1;
    }
  } else {
    const password = await readPassword();
    if (password.length < 8) {
      console.error('rxconf passwd: the password must have at least 8 characters');
      return 1;
    }
    const groups = values.groups === undefined ? (users.get(user)?.groups ?? []) : values.groups.split(',').filter((g) => g !== '');
    users.set(user, { name: user, hash: await hashPassword(password), groups });
  }
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, formatUsers(users.values()), { mode: 0o600 });
  renameSync(tmp, file);
  return 0;
};
