import type { TUserRow } from '@atrium/contract';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.ts';
import { notifyError, notifySuccess } from '../../../shared/notify/notify.ts';
import {
  useBlogAuthors,
  useGrantAuthor,
  usePeopleOptions,
  useRevokeAuthor,
} from '../api/blogs.api.ts';
import { BLOG_MESSAGES } from '../labels.ts';

/**
 * The admins' list of people who may write posts (admins always may): who is on it, add someone
 * through a search of the organisation's members, remove someone (their posts stay).
 */
export function AuthorsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const authors = useBlogAuthors(open);
  const grant = useGrantAuthor();
  const revoke = useRevokeAuthor();
  const [picked, setPicked] = useState<TUserRow | null>(null);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search);
  const people = usePeopleOptions(debounced, open);
  const listed = new Set((authors.data?.results ?? []).map((a) => a.user.id));
  const options = (people.data?.results ?? []).filter((u) => !listed.has(u.id));

  const add = () => {
    if (!picked) return;
    grant.mutate(picked.id, {
      onSuccess: () => {
        notifySuccess(`${picked.fullname || picked.username} may now write posts.`);
        setPicked(null);
        setSearch('');
      },
      onError: (error) => notifyError(errorMessage(error, BLOG_MESSAGES.saveFailed)),
    });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
    >
      <DialogTitle id={titleId}>Blog authors</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          Admins always write posts. Add the other people who may.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
          <Autocomplete
            sx={{ flex: 1 }}
            options={options}
            loading={people.isFetching}
            value={picked}
            onChange={(_event, next) => setPicked(next)}
            inputValue={search}
            onInputChange={(_event, next) => setSearch(next)}
            filterOptions={(x) => x}
            getOptionLabel={(u) => u.fullname || u.username}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            noOptionsText={people.isError ? BLOG_MESSAGES.usersFailed : 'No one found'}
            renderInput={(params) => (
              <TextField {...params} label="Add a person" placeholder="Search by name or e-mail" />
            )}
          />
          <Button variant="contained" onClick={add} disabled={!picked} loading={grant.isPending}>
            Add
          </Button>
        </Stack>
        {authors.isPending ? (
          <CircularProgress aria-label="Loading the authors" />
        ) : authors.isError ? (
          <Alert severity="error">{errorMessage(authors.error, BLOG_MESSAGES.authorsFailed)}</Alert>
        ) : authors.data.results.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>
            Nobody yet: only admins write posts.
          </Typography>
        ) : (
          <List aria-label="Authors" dense>
            {authors.data.results.map((a) => (
              <ListItem
                key={a.user.id}
                disableGutters
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={`Remove ${a.user.fullname}`}
                    disabled={revoke.isPending}
                    onClick={() =>
                      revoke.mutate(a.user.id, {
                        onError: (error) =>
                          notifyError(errorMessage(error, BLOG_MESSAGES.deleteFailed)),
                      })
                    }
                  >
                    <DeleteOutline />
                  </IconButton>
                }
              >
                <ListItemText primary={a.user.fullname} secondary={`@${a.user.username}`} />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
