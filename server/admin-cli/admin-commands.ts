import { randomBytes, randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { displayNameSchema, emailSchema, handleSchema } from '../../common/contracts/auth';
import type { Config } from '../config';
import { createPasswordHasher } from '../platform/crypto/passwords';
import type { Db } from '../platform/db/database';
import { createAdminsService } from '../features/admins';
import { createAuditService } from '../features/audit';
import { makeResetLink, PASSWORD_RESET_TOKEN_TTL_MS } from '../features/password-reset';
import { createAccountTokensRepository, createUsersRepository, type UserRow } from '../features/users';

/** Accounts `list-users` prints unless told otherwise. */
export const LIST_USERS_DEFAULT_LIMIT = 50;
const LIST_USERS_MAX_LIMIT = 10_000;

export interface AdminCliDeps {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'passwordHashCost'>;
  /** One line of the command's answer (stdout). */
  out: (line: string) => void;
}

/** A refusal the operator can act on: printed without a stack, exit status 1. */
export class CommandError extends Error {}

export const USAGE = `Usage: npm run admin -- <command> [options]
  (or, from a built copy: node dist/server/admin.js <command> [options])

Commands:
  list-users [--search TEXT] [--limit N]      accounts, newest first (handle, e-mail, roles)
  create-admin --email E --handle H [--name N]
                                              a new admin account; prints a link to set its password
  reset-password <e-mail or @handle>          prints a single-use link to choose a new password
  confirm-email <e-mail or @handle>           confirms the account's address (or the new one it waits on)
  disable-two-factor <e-mail or @handle>      turns two-factor sign-in off (a lost phone and lost codes)
  grant-admin <e-mail or @handle>             makes the account an admin
  revoke-admin <e-mail or @handle>            takes admin rights away (never from the last admin)
  grant-moderator <e-mail or @handle>         makes the account a moderator (reports and suspensions)
  revoke-moderator <e-mail or @handle>        takes the moderator role away
  help                                        this text

It reads the same environment as the server (DATABASE_URL, DATA_DIR, PUBLIC_URL, .env).`;

const minutes = PASSWORD_RESET_TOKEN_TTL_MS / 60_000;

type StringOptions<K extends string> = Record<K, { type: 'string' }>;

/** Named options; a misspelt or unknown one is the operator's mistake, told as such. */
function options<K extends string>(args: readonly string[], names: readonly K[]): Partial<Record<K, string>> {
  const spec = Object.fromEntries(names.map((name) => [name, { type: 'string' }])) as StringOptions<K>;
  try {
    return parseArgs({ args: [...args], options: spec, strict: true }).values;
  } catch (error) {
    throw new CommandError(error instanceof Error ? error.message : String(error));
  }
}

export async function runAdminCommand(argv: readonly string[], deps: AdminCliDeps): Promise<void> {
  const [command = 'help', ...rest] = argv;
  const { db, config, out } = deps;
  const users = createUsersRepository(db);
  const admins = createAdminsService({ db });
  // What the operator does here is logged like what admins do in the app, with no actor.
  const audit = createAuditService({ db, users });

  async function account(who: string | undefined): Promise<UserRow> {
    if (!who) throw new CommandError('Name the account: its e-mail address or @handle.');
    const found =
      who.includes('@') && !who.startsWith('@')
        ? await users.findByEmail(who)
        : await users.findByHandle(who.replace(/^@/, ''));
    if (!found) throw new CommandError(`No account is ${who}.`);
    return found;
  }

  switch (command) {
    case 'help':
    case '--help':
      out(USAGE);
      return;

    case 'list-users': {
      const values = options(rest, ['search', 'limit']);
      const limit = values.limit === undefined ? LIST_USERS_DEFAULT_LIMIT : Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > LIST_USERS_MAX_LIMIT)
        throw new CommandError(`--limit must be a whole number from 1 to ${LIST_USERS_MAX_LIMIT}.`);
      const rows = await users.listNewestFirst(limit, values.search);
      out(['HANDLE', 'E-MAIL', 'ROLES', 'CREATED'].join('\t'));
      for (const row of rows) {
        const roles = [
          (await admins.roleOf(row.id)) ?? '',
          row.suspended_at ? 'suspended' : '',
          row.email_confirmed_at === null ? 'unconfirmed' : '',
        ].filter(Boolean);
        out(
          [
            `@${row.handle}`,
            row.email,
            roles.join(',') || '-',
            new Date(Number(row.created_at)).toISOString(),
          ].join('\t'),
        );
      }
      out(`${rows.length} account${rows.length === 1 ? '' : 's'}`);
      return;
    }

    case 'create-admin': {
      const values = options(rest, ['email', 'handle', 'name']);
      const email = emailSchema.safeParse(values.email ?? '');
      const handle = handleSchema.safeParse(values.handle ?? '');
      const name = displayNameSchema.safeParse(values.name ?? values.handle ?? '');
      const problems = [email, handle, name].flatMap((result) =>
        result.success ? [] : [result.error.issues[0]?.message ?? ''],
      );
      if (!email.success || !handle.success || !name.success) throw new CommandError(problems.join('\n'));
      if (await users.findByEmail(email.data))
        throw new CommandError(`An account already uses ${email.data}.`);
      if (await users.findByHandle(handle.data))
        throw new CommandError(`The handle @${handle.data} is taken.`);
      const id = randomUUID();
      await users.insert({
        id,
        email: email.data.toLowerCase(),
        handle: handle.data,
        handle_key: handle.data.toLowerCase(),
        display_name: name.data,
        // Nobody knows this password: the account's owner sets one through the link below.
        password_hash: await createPasswordHasher(config.passwordHashCost).hash(
          randomBytes(32).toString('base64url'),
        ),
        created_at: Date.now(),
        avatar_media_id: null,
        avatar_json: null,
        // The operator vouches for the address they typed.
        email_confirmed_at: Date.now(),
      });
      if (!(await admins.claimFounderSeat(id))) await admins.grant(id);
      out(`Created @${handle.data}, an admin.`);
      out(`Set its password within ${minutes} minutes at:`);
      out(await makeResetLink(db, id, config.publicUrl));
      return;
    }

    case 'reset-password': {
      const user = await account(rest[0]);
      out(
        `A link for @${user.handle} to choose a new password (single use, ${minutes} minutes; it ends every session):`,
      );
      out(await makeResetLink(db, user.id, config.publicUrl));
      return;
    }

    case 'confirm-email': {
      const user = await account(rest[0]);
      const pending = user.pending_email;
      if (pending !== null) {
        if (await users.findByEmail(pending)) throw new CommandError(`An account already uses ${pending}.`);
        await users.replaceEmail(user.id, pending, Date.now());
        await createAccountTokensRepository(db).revokeOpen(
          user.id,
          ['email-confirm', 'email-change', 'password-reset'],
          Date.now(),
        );
        out(`@${user.handle} now uses ${pending}, confirmed.`);
        return;
      }
      if (user.email_confirmed_at !== null) {
        out(`${user.email} of @${user.handle} already was confirmed.`);
        return;
      }
      await users.confirmEmail(user.id, Date.now());
      out(`${user.email} of @${user.handle} is confirmed.`);
      return;
    }

    case 'disable-two-factor': {
      const user = await account(rest[0]);
      if (user.totp_enabled_at === null) {
        out(`@${user.handle} does not use two-factor sign-in.`);
        return;
      }
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({
            totp_secret_sealed: null,
            totp_pending_sealed: null,
            totp_enabled_at: null,
            totp_last_step: null,
          })
          .where('id', '=', user.id)
          .execute();
        await trx.deleteFrom('recovery_codes').where('user_id', '=', user.id).execute();
      });
      out(`Two-factor sign-in is off for @${user.handle}; the password alone logs in now.`);
      return;
    }

    case 'grant-admin': {
      const user = await account(rest[0]);
      const granted = await admins.grant(user.id);
      if (granted)
        await audit.record(null, {
          action: 'user.role_changed',
          targetUserId: user.id,
          detail: { role: 'admin' },
        });
      out(granted ? `@${user.handle} is now an admin.` : `@${user.handle} already was an admin.`);
      return;
    }

    case 'grant-moderator': {
      const user = await account(rest[0]);
      if (await admins.isAdmin(user.id))
        throw new CommandError(`@${user.handle} is an admin; revoke-admin first to make them a moderator.`);
      const granted = await admins.setRole(user.id, 'moderator');
      if (granted)
        await audit.record(null, {
          action: 'user.role_changed',
          targetUserId: user.id,
          detail: { role: 'moderator' },
        });
      out(granted ? `@${user.handle} is now a moderator.` : `@${user.handle} already was a moderator.`);
      return;
    }

    case 'revoke-moderator': {
      const user = await account(rest[0]);
      if ((await admins.roleOf(user.id)) !== 'moderator')
        throw new CommandError(`@${user.handle} is not a moderator.`);
      await admins.revoke(user.id);
      await audit.record(null, {
        action: 'user.role_changed',
        targetUserId: user.id,
        detail: { role: null },
      });
      out(`@${user.handle} is no longer a moderator.`);
      return;
    }

    case 'revoke-admin': {
      const user = await account(rest[0]);
      if (!(await admins.isAdmin(user.id))) throw new CommandError(`@${user.handle} is not an admin.`);
      if ((await admins.count()) <= 1)
        throw new CommandError(`@${user.handle} is the last admin; grant another account first.`);
      await admins.revoke(user.id);
      await audit.record(null, {
        action: 'user.role_changed',
        targetUserId: user.id,
        detail: { role: null },
      });
      out(`@${user.handle} is no longer an admin.`);
      return;
    }

    default:
      throw new CommandError(`Unknown command "${command}".\n\n${USAGE}`);
  }
}
