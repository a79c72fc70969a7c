import type { TPageQuery } from '@atrium/contract';
import type { AuthContext } from '../../core/auth/access.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { forbidden } from '../../core/errors/app-error.ts';
import { pageBounds } from '../../core/http/pagination.ts';
import { mayReadActivityOf, mayReadEveryonesActivity } from './audit.policy.ts';
import { listActivity } from './audit.repository.ts';

/**
 * The activity a caller may read: their own; any user of their organisation
 * for an admin; anyone for a superadmin.
 */
export async function activityFor(
  db: DbOrTx,
  auth: AuthContext,
  q: TPageQuery & {
    user?: number;
    login_from?: string;
    kind?: 'sign_in' | 'sign_out' | 'module_time';
  },
) {
  if (q.user !== undefined && !mayReadActivityOf(auth, q.user)) throw forbidden();
  return listActivity(
    db,
    {
      organisationId: auth.isSuperadmin ? undefined : auth.organisationId,
      userId: mayReadEveryonesActivity(auth) ? q.user : auth.userId,
      loginFrom: q.login_from,
      kind: q.kind,
    },
    pageBounds(q),
  );
}
