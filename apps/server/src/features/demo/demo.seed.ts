import { ROLE, type TRoleId } from '@atrium/contract';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { ensureDefaultOrganisation } from '../organisations/index.ts';
import { createAccount, findUserByUsernameOrEmail } from '../users/index.ts';

/** Demo mode only: printed at start and documented in the README. */
export const DEMO_PASSWORD = 'Atrium-demo-1';

const DEMO_ACCOUNTS: { username: string; roleId: TRoleId; firstName: string; lastName: string }[] =
  [
    { username: 'superadmin', roleId: ROLE.SUPERADMIN, firstName: 'Sam', lastName: 'Super' },
    { username: 'admin', roleId: ROLE.ADMIN, firstName: 'Ada', lastName: 'Admin' },
    { username: 'trainer', roleId: ROLE.TRAINER, firstName: 'Tariq', lastName: 'Trainer' },
    { username: 'learner', roleId: ROLE.LEARNER, firstName: 'Lena', lastName: 'Learner' },
  ];

/**
 * Seeds the default organisation and one account per role. Idempotent: what
 * exists is left alone. Returns whether anything was created.
 */
export async function seedDemo(ctx: Pick<AppContext, 'db' | 'bus'>): Promise<boolean> {
  return runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    const { organisation, created } = await ensureDefaultOrganisation(tx, {
      title: 'Atrium Demo',
      acronym: 'DEMO',
      welcomeMessage: 'Welcome to Atrium. Sign in to continue learning.',
    });
    let createdAny = created;
    for (const account of DEMO_ACCOUNTS) {
      const email = `${account.username}@demo.atrium.local`;
      const existing = await findUserByUsernameOrEmail(tx, account.username, email);
      if (existing.length > 0) continue;
      await createAccount(tx, {
        ...account,
        email,
        password: DEMO_PASSWORD,
        organisationId: organisation.id,
        active: true,
        approved: true,
      });
      createdAny = true;
    }
    return createdAny;
  });
}
