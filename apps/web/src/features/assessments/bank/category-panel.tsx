import type { TQuestionCategory } from '@atrium/contract';
import CreateNewFolderOutlined from '@mui/icons-material/CreateNewFolderOutlined';
import MoreVertOutlined from '@mui/icons-material/MoreVertOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogActions from '@mui/material/DialogActions';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
import { useCreateCategory, useRemoveCategory, useUpdateCategory } from '../api/bank.api.ts';
import { categoryRows, subtreeIds } from './category-model.ts';
import { serverErrors } from './definition-model.ts';

/* The bank's category tree: choosing one filters the list; authors add, rename, move, delete. */

type Editing =
  | { mode: 'create'; parent: number | null }
  | { mode: 'edit'; category: TQuestionCategory };

export function CategoryPanel({
  categories,
  loading,
  selected,
  onSelect,
}: {
  categories: readonly TQuestionCategory[];
  loading: boolean;
  selected: number | null;
  onSelect: (id: number | null) => void;
}) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; category: TQuestionCategory } | null>(
    null,
  );
  const [deleting, setDeleting] = useState<TQuestionCategory | null>(null);
  const remove = useRemoveCategory();
  const rows = categoryRows(categories);
  const all = rows.filter((r) => r.depth === 0).reduce((sum, r) => sum + r.total, 0);

  return (
    <Box component="nav" aria-label="Question categories">
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 600 }}>
          Categories
        </Typography>
        <Button
          size="small"
          startIcon={<CreateNewFolderOutlined />}
          onClick={() => setEditing({ mode: 'create', parent: selected })}
        >
          New
        </Button>
      </Stack>
      {loading ? (
        <Stack spacing={1} aria-label="Loading the categories">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={36} />
          ))}
        </Stack>
      ) : (
        <List dense disablePadding>
          <ListItemButton selected={selected === null} onClick={() => onSelect(null)}>
            <ListItemText primary="All questions" />
            <Chip size="small" label={all} aria-label={`${all} questions`} />
          </ListItemButton>
          {rows.map(({ category, depth, total }) => (
            <ListItem
              key={category.id}
              disablePadding
              secondaryAction={
                (category.abilities.edit || category.abilities.delete) && (
                  <IconButton
                    edge="end"
                    size="small"
                    aria-label={`Actions for ${category.name}`}
                    onClick={(e) => setMenu({ anchor: e.currentTarget, category })}
                  >
                    <MoreVertOutlined fontSize="small" />
                  </IconButton>
                )
              }
            >
              <ListItemButton
                selected={selected === category.id}
                onClick={() => onSelect(category.id)}
                sx={{ pl: 2 + depth * 2, pr: 7 }}
              >
                <ListItemText
                  primary={category.name}
                  slotProps={{ primary: { noWrap: true, title: category.name } }}
                />
                <Chip size="small" label={total} aria-label={`${total} questions`} />
              </ListItemButton>
            </ListItem>
          ))}
          {rows.length === 0 && (
            <Typography variant="body2" sx={{ color: 'text.secondary', px: 2, py: 1 }}>
              No categories yet.
            </Typography>
          )}
        </List>
      )}
      <Menu open={menu !== null} anchorEl={menu?.anchor} onClose={() => setMenu(null)}>
        {menu?.category.abilities.edit && (
          <MenuItem
            onClick={() => {
              setEditing({ mode: 'edit', category: menu.category });
              setMenu(null);
            }}
          >
            Rename or move
          </MenuItem>
        )}
        {menu?.category.abilities.edit && (
          <MenuItem
            onClick={() => {
              setEditing({ mode: 'create', parent: menu.category.id });
              setMenu(null);
            }}
          >
            Add a sub-category
          </MenuItem>
        )}
        {menu?.category.abilities.delete && (
          <MenuItem
            sx={{ color: 'error.main' }}
            onClick={() => {
              setDeleting(menu.category);
              setMenu(null);
            }}
          >
            Delete
          </MenuItem>
        )}
      </Menu>
      {editing && (
        <CategoryDialog
          editing={editing}
          categories={categories}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this category?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              if (selected === deleting.id) onSelect(null);
              setDeleting(null);
            },
            onError: () => setDeleting(null),
          })
        }
      >
        “{deleting?.name}” will be deleted. Only an empty category (no questions, no sub-categories)
        can be deleted.
      </ConfirmDialog>
    </Box>
  );
}

function CategoryDialog({
  editing,
  categories,
  onClose,
}: {
  editing: Editing;
  categories: readonly TQuestionCategory[];
  onClose: () => void;
}) {
  const current = editing.mode === 'edit' ? editing.category : null;
  const [name, setName] = useState(current?.name ?? '');
  const [parent, setParent] = useState<number | null>(
    editing.mode === 'edit' ? editing.category.parent : editing.parent,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateCategory();
  const update = useUpdateCategory();
  // A category may not move under itself or under one of its own sub-categories.
  const excluded = current ? subtreeIds(categories, current.id) : new Set<number>();
  const options = categoryRows(categories).filter((r) => !excluded.has(r.category.id));

  const onError = (error: unknown) => {
    setErrors(serverErrors(error));
    setFailure(errorMessage(error));
  };
  const save = () => {
    if (name.trim() === '') {
      setErrors({ name: 'This field may not be blank.' });
      return;
    }
    const body = { name: name.trim(), parent };
    if (current) update.mutate({ id: current.id, body }, { onSuccess: onClose, onError });
    else create.mutate(body, { onSuccess: onClose, onError });
  };

  return (
    <FormDialog
      open
      title={current ? 'Rename or move category' : 'New category'}
      onClose={onClose}
      maxWidth="xs"
    >
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Stack spacing={2}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <TextField
            label="Name"
            autoFocus
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={Boolean(errors.name)}
            helperText={errors.name}
          />
          <TextField
            select
            label="Inside"
            value={parent ?? ''}
            onChange={(e) => setParent(e.target.value === '' ? null : Number(e.target.value))}
            error={Boolean(errors.parent)}
            helperText={errors.parent}
          >
            <MenuItem value="">
              <em>Top level</em>
            </MenuItem>
            {options.map(({ category, depth }) => (
              <MenuItem key={category.id} value={category.id} sx={{ pl: 2 + depth * 2 }}>
                {category.name}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <DialogActions sx={{ px: 0, pt: 3 }}>
          <Button onClick={onClose} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={create.isPending || update.isPending}>
            Save
          </Button>
        </DialogActions>
      </Box>
    </FormDialog>
  );
}
