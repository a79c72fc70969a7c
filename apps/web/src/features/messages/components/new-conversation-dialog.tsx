import { ROLE_NAMES, type TRoleId } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useDeferredValue, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { usePeople, useStartConversation } from '../api/messages.api.ts';

/** Choose people the server says the caller may message; one person opens (or makes) the one-to-one. */
export function NewConversationDialog({
  open,
  onClose,
  onStarted,
}: {
  open: boolean;
  onClose: () => void;
  onStarted: (id: number) => void;
}) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Map<number, string>>(new Map());
  const [title, setTitle] = useState('');
  const deferred = useDeferredValue(search.trim());
  const people = usePeople(deferred, open);
  const start = useStartConversation();
  const rows = people.data?.pages.flatMap((p) => p.results) ?? [];

  const toggle = (id: number, name: string) =>
    setChosen((prev) => {
      const next = new Map(prev);
      if (next.has(id)) next.delete(id);
      else next.set(id, name);
      return next;
    });
  const close = () => {
    setChosen(new Map());
    setTitle('');
    setSearch('');
    start.reset();
    onClose();
  };
  const submit = () =>
    start.mutate(
      {
        people: [...chosen.keys()],
        ...(chosen.size > 1 && title.trim() ? { title: title.trim() } : {}),
      },
      {
        onSuccess: (c) => {
          close();
          onStarted(c.id);
        },
      },
    );

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" fullScreen={phone}>
      <DialogTitle>New conversation</DialogTitle>
      <DialogContent dividers>
        <TextField
          autoFocus
          fullWidth
          size="small"
          label="Search people"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        {chosen.size > 0 && (
          <Typography variant="body2" sx={{ mt: 1 }} aria-live="polite">
            Chosen: {[...chosen.values()].join(', ')}
          </Typography>
        )}
        {chosen.size > 1 && (
          <TextField
            fullWidth
            size="small"
            label="Group name (optional)"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            sx={{ mt: 2 }}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
        )}
        {people.isPending ? (
          <Skeleton variant="rounded" height={120} sx={{ mt: 2 }} aria-label="Loading people" />
        ) : people.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(people.error)}
          </Alert>
        ) : rows.length === 0 ? (
          <Typography sx={{ mt: 2 }} color="text.secondary">
            {deferred ? 'Nobody you may message matches.' : 'There is nobody you may message yet.'}
          </Typography>
        ) : (
          <List dense aria-label="People you may message">
            {rows.map((p) => (
              <ListItemButton
                key={p.id}
                onClick={() => toggle(p.id, p.fullname)}
                role="checkbox"
                aria-checked={chosen.has(p.id)}
              >
                <ListItemIcon>
                  <Checkbox
                    edge="start"
                    checked={chosen.has(p.id)}
                    tabIndex={-1}
                    disableRipple
                    slotProps={{ input: { 'aria-hidden': true } }}
                  />
                </ListItemIcon>
                <ListItemText
                  primary={p.fullname}
                  secondary={ROLE_NAMES[p.role_id as TRoleId] ?? ''}
                />
              </ListItemButton>
            ))}
          </List>
        )}
        {people.hasNextPage && (
          <Button onClick={() => people.fetchNextPage()} disabled={people.isFetchingNextPage}>
            More people
          </Button>
        )}
        {start.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(start.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={chosen.size === 0 || start.isPending}
        >
          {chosen.size > 1 ? 'Start group' : 'Start'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
