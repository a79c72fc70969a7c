import { ROLE, type TMenuEntry, type TUserRow } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { MenuIcon } from '../../../shared/menu/menu-icons.tsx';
import { ReportSectionsSwitches } from '../../reports/index.ts';
import { useSavePermissions, useUserPermissions } from '../api/users.api.ts';
import { isShown, setEntryPermission, shownCount } from '../menu-permissions.ts';

function EntrySwitches({
  entries,
  menu,
  onToggle,
  depth = 0,
}: {
  entries: TMenuEntry[];
  menu: TMenuEntry[];
  onToggle: (href: string, on: boolean) => void;
  depth?: number;
}) {
  return (
    <List dense disablePadding sx={{ pl: depth ? 3 : 0 }}>
      {entries.map((entry) => {
        const labelId = `permission-${entry.href.replace(/[^a-z0-9]/gi, '-')}`;
        const hidden = entry.permission && !isShown(menu, entry.href);
        return (
          <Box component="li" key={entry.href} sx={{ listStyle: 'none' }}>
            <ListItem
              component="div"
              disableGutters
              secondaryAction={
                <Switch
                  edge="end"
                  checked={entry.permission}
                  onChange={(event) => onToggle(entry.href, event.target.checked)}
                  slotProps={{ input: { 'aria-labelledby': labelId } }}
                />
              }
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                <MenuIcon name={entry.icon} fontSize="small" />
              </ListItemIcon>
              <ListItemText
                id={labelId}
                primary={entry.title}
                secondary={
                  hidden ? 'Hidden: its group is off' : entry.external ? 'External link' : undefined
                }
              />
            </ListItem>
            {entry.children && (
              <EntrySwitches
                entries={entry.children}
                menu={menu}
                onToggle={onToggle}
                depth={depth + 1}
              />
            )}
          </Box>
        );
      })}
    </List>
  );
}

/** An admin switches a user's side-menu entries (and the pages behind them) on or off. */
export function PermissionsDialog({ user, onClose }: { user: TUserRow; onClose: () => void }) {
  const titleId = useId();
  const permissions = useUserPermissions(user.id);
  const save = useSavePermissions(user.id);
  const [menu, setMenu] = useState<TMenuEntry[] | null>(null);
  useEffect(() => {
    if (permissions.data) setMenu(permissions.data.permissions);
  }, [permissions.data]);

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth scroll="paper">
      <DialogTitle id={titleId}>
        Menu of {user.fullname || user.username}
        {permissions.data && (
          <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
            <Chip size="small" label={permissions.data.role.name} />
            <Chip
              size="small"
              variant="outlined"
              label={permissions.data.is_default ? 'Role default' : 'Customised'}
            />
            {menu && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {shownCount(menu)} entries shown
              </Typography>
            )}
          </Stack>
        )}
      </DialogTitle>
      <DialogContent dividers>
        {save.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(save.error)}
          </Alert>
        )}
        {permissions.isError ? (
          <Alert severity="error">{errorMessage(permissions.error)}</Alert>
        ) : menu === null ? (
          [0, 1, 2, 3].map((row) => <Skeleton key={row} height={44} />)
        ) : (
          <EntrySwitches
            entries={menu}
            menu={menu}
            onToggle={(href, on) => setMenu(setEntryPermission(menu, href, on))}
          />
        )}
        {/* Learners have no report builder: the sections are staff's. */}
        {user.role.id !== ROLE.LEARNER && (
          <>
            <Divider sx={{ my: 2 }} />
            <ReportSectionsSwitches userId={user.id} />
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button
          color="inherit"
          onClick={() => save.mutate(null)}
          disabled={save.isPending || permissions.data?.is_default !== false}
          sx={{ mr: 'auto' }}
        >
          Reset to role default
        </Button>
        <Button onClick={onClose} color="inherit">
          Close
        </Button>
        <Button
          variant="contained"
          loading={save.isPending}
          disabled={menu === null}
          onClick={() => menu && save.mutate(menu, { onSuccess: onClose })}
        >
          Save menu
        </Button>
      </DialogActions>
    </Dialog>
  );
}
