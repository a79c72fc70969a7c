import { ZDesignationUpdate, ZLocationCreate } from '@atrium/contract';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { type ChildKind, useChildMutations, useDepartmentChildren } from '../api/structure.api.ts';
import { AddNameForm, type NameRule, RenameDialog } from './name-field-form.tsx';

const TEXT: Record<ChildKind, { plural: string; singular: string; rule: NameRule }> = {
  designation: {
    plural: 'Designations',
    singular: 'designation',
    rule: ZDesignationUpdate.shape.name,
  },
  location: { plural: 'Locations', singular: 'location', rule: ZLocationCreate.shape.name },
};

const users = (count: number) => `${count} user${count === 1 ? '' : 's'}`;

/** A department's designations or locations: add, rename, delete (refused while in use). */
export function DepartmentChildren({
  kind,
  departmentId,
  departmentName,
  editable,
}: {
  kind: ChildKind;
  departmentId: number;
  departmentName: string;
  editable: boolean;
}) {
  const text = TEXT[kind];
  const headingId = useId();
  const items = useDepartmentChildren(kind, departmentId);
  const { create, rename, remove } = useChildMutations(kind, departmentId);
  const [renaming, setRenaming] = useState<{ id: number; name: string } | null>(null);
  const [deleting, setDeleting] = useState<{ id: number; name: string } | null>(null);
  const closeDelete = () => {
    setDeleting(null);
    remove.reset();
  };

  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1.5} sx={{ minWidth: 0 }}>
      <Typography id={headingId} variant="h4" sx={{ fontSize: '0.95rem' }}>
        {text.plural}
      </Typography>
      {items.isPending ? (
        <Skeleton height={40} />
      ) : items.isError ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {errorMessage(items.error)}
        </Typography>
      ) : items.data.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No {text.plural.toLowerCase()} yet.
        </Typography>
      ) : (
        <List dense disablePadding aria-labelledby={headingId}>
          {items.data.map((item) => (
            <ListItem
              key={item.id}
              divider
              disableGutters
              secondaryAction={
                editable && (
                  <>
                    <IconButton
                      size="small"
                      aria-label={`Rename ${item.name}`}
                      onClick={() => setRenaming(item)}
                    >
                      <EditOutlined fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      edge="end"
                      aria-label={`Delete ${item.name}`}
                      onClick={() => setDeleting(item)}
                    >
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </>
                )
              }
              sx={{ pr: editable ? 9 : 0 }}
            >
              <ListItemText
                primary={item.name}
                secondary={users(item.user_count)}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {editable && (
        <AddNameForm
          label={`New ${text.singular} in ${departmentName}`}
          buttonLabel="Add"
          size="small"
          rule={text.rule}
          onAdd={(name) => create.mutateAsync(name)}
        />
      )}
      {renaming && (
        <RenameDialog
          title={`Rename ${renaming.name}`}
          label={`${text.singular[0]!.toUpperCase()}${text.singular.slice(1)} name`}
          initial={renaming.name}
          rule={text.rule}
          onRename={(name) => rename.mutateAsync({ id: renaming.id, name })}
          onClose={() => setRenaming(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? ''}?`}
        confirmLabel={`Delete ${text.singular}`}
        destructive
        busy={remove.isPending}
        onClose={closeDelete}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: closeDelete })}
      >
        A {text.singular} that people are placed in cannot be deleted; move them first.
        {remove.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(remove.error)}
          </Alert>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
