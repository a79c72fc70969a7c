import type { TUserRow } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { useRemoveUser, useUserAction } from '../api/users.api.ts';
import { roleLabel, type UserAction } from '../user-list-query.ts';
import { PermissionsDialog } from './permissions-dialog.tsx';

type StatusAction = Exclude<UserAction, 'change_role' | 'permissions' | 'remove'>;

const CONFIRM: Record<
  StatusAction | 'remove',
  { title: string; label: string; text: string; destructive: boolean }
> = {
  approve: {
    title: 'Approve',
    label: 'Approve',
    text: 'They get their menu and can start learning.',
    destructive: false,
  },
  reject: {
    title: 'Reject',
    label: 'Reject',
    text: 'They will not be able to use the platform; any sessions they have end now.',
    destructive: true,
  },
  activate: {
    title: 'Activate',
    label: 'Activate',
    text: 'They can sign in again. An active member uses a licence seat.',
    destructive: false,
  },
  deactivate: {
    title: 'Deactivate',
    label: 'Deactivate',
    text: 'They are signed out everywhere at once and cannot sign in until activated again.',
    destructive: true,
  },
  remove: {
    title: 'Remove',
    label: 'Remove user',
    text: 'They leave the organisation; their account is deleted unless they belong to another one. This cannot be undone.',
    destructive: true,
  },
};

export interface PendingAction {
  user: TUserRow;
  action: UserAction;
}

/** The confirmation or form behind each row action of the user list. */
export function UserActionDialog({
  pending,
  grantable,
  onClose,
}: {
  pending: PendingAction;
  grantable: number[];
  onClose: () => void;
}) {
  const { user, action } = pending;
  const act = useUserAction();
  const remove = useRemoveUser();
  const [role, setRole] = useState(user.role.id);
  const name = user.fullname || user.username;

  if (action === 'permissions') return <PermissionsDialog user={user} onClose={onClose} />;

  if (action === 'change_role') {
    return (
      <ConfirmDialog
        open
        title={`Change the role of ${name}`}
        confirmLabel="Change role"
        busy={act.isPending}
        onClose={onClose}
        onConfirm={() =>
          act.mutate(
            { id: user.id, action: { action: 'change_role', role } },
            { onSuccess: onClose },
          )
        }
      >
        Their menu follows the new role unless it was customised.
        <TextField
          select
          label="Role"
          value={role}
          onChange={(event) => setRole(Number(event.target.value))}
          fullWidth
          sx={{ mt: 2.5 }}
          helperText="You can grant your own role or a lower one."
        >
          {grantable.map((id) => (
            <MenuItem key={id} value={id}>
              {roleLabel(id)}
            </MenuItem>
          ))}
        </TextField>
        {act.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(act.error)}
          </Alert>
        )}
      </ConfirmDialog>
    );
  }

  const text = CONFIRM[action];
  const mutation = action === 'remove' ? remove : act;
  return (
    <ConfirmDialog
      open
      title={`${text.title} ${name}?`}
      confirmLabel={text.label}
      destructive={text.destructive}
      busy={mutation.isPending}
      onClose={onClose}
      onConfirm={() =>
        action === 'remove'
          ? remove.mutate(user.id, { onSuccess: onClose })
          : act.mutate({ id: user.id, action: { action } }, { onSuccess: onClose })
      }
    >
      {text.text}
      {mutation.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(mutation.error)}
        </Alert>
      )}
    </ConfirmDialog>
  );
}
