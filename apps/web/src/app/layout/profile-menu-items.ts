import { ROLE } from '@atrium/contract';
import { isBuilt } from '../session/built-menu.ts';

export interface ProfileMenuItem {
  key:
    | 'profile'
    | 'support'
    | 'requests'
    | 'certificate'
    | 'manual'
    | 'feedback'
    | 'licenses'
    | 'admin';
  title: string;
  to: string;
}

/**
 * The profile menu of spec §2/§6 for a role: Requests hidden from learners, Certificate for
 * learners only, User Manual not for learners, Licenses and the Admin console for the superadmin
 * only. "Notification and profile items need a profile with permissions": without any, only
 * Sign out remains.
 */
export function profileMenuItems(
  roleId: number,
  hasPermissions: boolean,
  // Only pages that exist: an entry to one not built yet would land on the not-found page.
  built: (path: string) => boolean = isBuilt,
): ProfileMenuItem[] {
  if (!hasPermissions) return [];
  const learner = roleId === ROLE.LEARNER;
  const items: (ProfileMenuItem | false)[] = [
    { key: 'profile', title: 'My Profile', to: '/myprofile' },
    { key: 'support', title: 'Support', to: '/support' },
    !learner && { key: 'requests', title: 'Requests', to: '/requests' },
    learner && { key: 'certificate', title: 'Certificate', to: '/certificate' },
    !learner && { key: 'manual', title: 'User Manual', to: '/user-manual' },
    { key: 'feedback', title: 'Feedback', to: '/feedback' },
    roleId === ROLE.SUPERADMIN && { key: 'licenses', title: 'Licenses', to: '/licenses' },
    roleId === ROLE.SUPERADMIN && { key: 'admin', title: 'Admin console', to: '/admin' },
  ];
  return items.filter((item): item is ProfileMenuItem => item !== false && built(item.to));
}
