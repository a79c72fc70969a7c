import { APPROVAL, ROLE_NAMES, type TRoleId, type TSessionUser } from '@atrium/contract';
import type { AuthContext } from '../../core/auth/access.ts';
import { photoUrl } from '../profiles/index.ts';

const roleRef = (id: TRoleId) => ({ id, name: ROLE_NAMES[id] });

/** Spec §3 session user, built from what authentication already loaded: no extra query. */
export function sessionUser(auth: AuthContext): TSessionUser {
  const fullname = [auth.firstName, auth.lastName].filter(Boolean).join(' ') || auth.username;
  return {
    id: auth.userId,
    authorized: true,
    username: auth.username,
    role: roleRef(auth.roleId),
    is_approved: auth.approvalStatus === APPROVAL.APPROVED,
    approval_status: auth.approvalStatus,
    fullname,
    first_name: auth.firstName,
    last_name: auth.lastName,
    email: auth.email,
    is_active: auth.isActive,
    login_from: auth.loginFrom,
    membership: {
      role: roleRef(auth.roleId),
      view_role: roleRef(auth.viewRoleId),
      organization: {
        id: auth.organisationId,
        title: auth.organisationTitle,
        acronym: auth.organisationAcronym,
      },
    },
    profile: {
      file_name: photoUrl(auth.userId, auth.photoKey),
      permissions: JSON.stringify(auth.menu),
      // No notification exists before the notifications slice; zero is the truth.
      unread_notification: 0,
    },
    user_badge: null,
  };
}
