#!/usr/bin/env node
// npm run staff -- add --email ADDRESS --role ROLE [--name NAME]   an account, and its one-time link to set a password (24 hours)
// npm run staff -- link --email ADDRESS                             a new one-time link (an invitation not taken up, a lost password)
// npm run staff -- list                                             every account: role, state, second factors, last seen
// npm run staff -- role --email ADDRESS --role ROLE                 a new role (the account's sessions end)
// npm run staff -- disable --email ADDRESS [--enable]               disable (sessions end at once) or enable again
//
// On the database the server uses (DATABASE_URL, else PGlite in DATA_DIR/pglite). With the embedded
// PGlite database stop the server first: one process at a time may open its folder. Each change is
// written to the audit log as done by "cli". Roles: admin, editor, writer, service, hr.
import { parseArgs } from 'node:util';
import { importServerModules } from './lib/server-modules.mjs';

const USAGE = `usage: npm run staff -- add --email ADDRESS --role ROLE [--name NAME]
       npm run staff -- link --email ADDRESS
       npm run staff -- list
       npm run staff -- role --email ADDRESS --role ROLE
       npm run staff -- disable --email ADDRESS [--enable]
roles: admin, editor, writer, service, hr`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' }, enable: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
});
const command = positionals[0];
const fail = (message) => {
  console.error(`${message}\n${USAGE}`);
  process.exit(1);
};
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!['add', 'link', 'list', 'role', 'disable'].includes(command)) fail(command ? `unknown command: ${command}` : 'say what to do');
if (command !== 'list' && !values.email) fail(`${command}: --email is required`);
if ((command === 'add' || command === 'role') && !values.role) fail(`${command}: --role is required`);

const m = await importServerModules('staff', {
  'src/server/config.ts': 'loadConfig',
  'src/server/db/index.ts': 'openDatabase',
  'src/server/db/seed.ts': 'seedIfEmpty',
  'src/server/staff/app.ts': 'createStaffApp',
  'src/staff/accounts.ts': 'AccountError, CLI_ACTOR, invite, listAccounts, reinvite, setDisabled, setRole',
  'src/staff/roles.ts': 'isStaffRole',
});
if (values.role && !m.isStaffRole(values.role)) fail(`--role must be one of admin, editor, writer, service, hr (not "${values.role}")`);
const email = values.email?.trim().toLowerCase();
if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail(`--email: "${values.email}" is not an e-mail address`);

const config = m.loadConfig({ ...process.env, LOG_LEVEL: 'error' });
let database;
try {
  database = await m.openDatabase(config);
} catch (error) {
  const busy = !config.databaseUrl && /lock|busy|in use/i.test(String(error?.message));
  console.error(busy ? 'The embedded database is open in another process: stop "npm start" first, or use PostgreSQL (DATABASE_URL).' : `Cannot open the database: ${error?.message ?? error}`);
  process.exit(1);
}
try {
  await m.seedIfEmpty(database.db);
  const { auth } = await m.createStaffApp({ database, config });
  const origin = config.staff.origin;
  if (command === 'list') {
    const accounts = await m.listAccounts(database.db);
    if (!accounts.length) console.log('No staff accounts yet: npm run staff -- add --email ADDRESS --role admin');
    for (const a of accounts) {
      const state = a.disabled ? 'disabled' : a.passwordSet ? 'active' : 'invited';
      const factors = [a.twoFactor ? 'TOTP' : '', a.passkeys ? `${a.passkeys} passkey${a.passkeys > 1 ? 's' : ''}` : ''].filter(Boolean).join(', ') || 'no second factor';
      console.log(`${a.email.padEnd(36)} ${a.role.padEnd(8)} ${state.padEnd(9)} ${factors.padEnd(22)} last seen ${a.lastSeenAt ? a.lastSeenAt.toISOString() : 'never'}`);
    }
  } else if (command === 'add' || command === 'link') {
    const made =
      command === 'add'
        ? await m.invite(database.db, auth, origin, { email, name: values.name ?? '', role: values.role }, m.CLI_ACTOR)
        : await m.reinvite(database.db, auth, origin, email, m.CLI_ACTOR);
    console.log(
      `${command === 'add' ? `Account ${made.email} (${values.role}) made.` : `New link for ${made.email}.`} Its one-time link to set a password, valid until ${made.expiresAt.toISOString()}:`,
    );
    console.log(made.url);
    console.log('Open it in a browser at that origin (STAFF_ORIGIN); then add a second factor (authenticator app or passkey).');
  } else if (command === 'role') {
    await m.setRole(database.db, email, values.role, m.CLI_ACTOR);
    console.log(`${email} is now ${values.role}; its sessions have ended.`);
  } else {
    await m.setDisabled(database.db, email, !values.enable, m.CLI_ACTOR);
    console.log(values.enable ? `${email} is enabled again.` : `${email} is disabled; its sessions have ended.`);
  }
} catch (error) {
  if (error instanceof m.AccountError) {
    console.error(error.message);
    process.exitCode = 1;
  } else throw error;
} finally {
  await database.close();
}
