import type { TUserRow } from '@atrium/contract';
import MoreVertOutlined from '@mui/icons-material/MoreVertOutlined';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { UserAction } from '../user-list-query.ts';

const LABELS: Record<UserAction, string> = {
  approve: 'Approve',
  reject: 'Reject',
  activate: 'Activate',
  deactivate: 'Deactivate',
  change_role: 'Change role…',
  permissions: 'Edit menu permissions…',
  remove: 'Remove…',
};

/** A row's actions: the profile for everyone, the rest as the caller may. */
export function UserRowMenu({
  user,
  actions,
  onAction,
}: {
  user: TUserRow;
  actions: UserAction[];
  onAction: (action: UserAction) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonId = useId();
  const menuId = useId();
  const close = () => setAnchor(null);
  const name = user.fullname || user.username;
  return (
    <>
      <IconButton
        id={buttonId}
        aria-label={`Actions for ${name}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        size="small"
      >
        <MoreVertOutlined fontSize="small" />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        <MenuItem component={RouterLink} to={`/profile_by_id/${user.id}`} onClick={close}>
          Open profile
        </MenuItem>
        {actions.length > 0 && <Divider />}
        {actions.map((action) => (
          <MenuItem
            key={action}
            onClick={() => {
              close();
              onAction(action);
            }}
            sx={
              action === 'remove' || action === 'reject' || action === 'deactivate'
                ? { color: 'error.main' }
                : undefined
            }
          >
            {LABELS[action]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
