import type { TLevel } from '@atrium/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog.tsx';
import { EmptyState, SectionCard } from '../../../../shared/ui/section-card.tsx';
import { useLevels, useRemoveLevel } from '../../api/admin.api.ts';
import { LevelChip } from '../level-chip.tsx';
import { LevelDialog } from './level-dialog.tsx';

const range = (l: TLevel) =>
  l.max_points === null
    ? `${l.min_points.toLocaleString()} points and more`
    : `${l.min_points.toLocaleString()}–${l.max_points.toLocaleString()} points`;

/** The organisation's levels by points: added, changed and deleted here (admins). */
export function LevelsCard() {
  const levels = useLevels();
  const remove = useRemoveLevel();
  // undefined: closed; null: a new level.
  const [editing, setEditing] = useState<TLevel | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<TLevel | null>(null);
  const list = levels.data?.results ?? [];

  return (
    <SectionCard
      title="Levels"
      subtitle="A learner's level follows their points; its colour and image are their badge in the top bar."
      busy={levels.isPending}
      action={
        <Button
          startIcon={<AddOutlined />}
          onClick={() => setEditing(null)}
          disabled={!levels.data}
        >
          Add level
        </Button>
      }
    >
      {levels.isError ? (
        <Alert severity="error">
          {errorMessage(levels.error, 'The levels could not be loaded.')}
        </Alert>
      ) : levels.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : list.length === 0 ? (
        <EmptyState icon={<EmojiEventsOutlined fontSize="large" />}>
          No levels yet. Add the first, starting at 0 points.
        </EmptyState>
      ) : (
        <List aria-label="Levels" disablePadding>
          {list.map((level, i) => (
            <ListItem
              key={level.id}
              divider={i < list.length - 1}
              sx={{ px: 0, gap: 2 }}
              secondaryAction={
                <Stack direction="row">
                  <Tooltip title="Edit">
                    <IconButton aria-label={`Edit ${level.name}`} onClick={() => setEditing(level)}>
                      <EditOutlined />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Delete">
                    <IconButton
                      aria-label={`Delete ${level.name}`}
                      onClick={() => setDeleting(level)}
                    >
                      <DeleteOutlined />
                    </IconButton>
                  </Tooltip>
                </Stack>
              }
            >
              <LevelChip level={{ ...level, image_url: level.image?.url ?? null }} size="medium" />
              <Typography variant="body2" sx={{ color: 'text.secondary', pr: 10 }}>
                {range(level)}
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
      {editing !== undefined && (
        <LevelDialog
          key={editing?.id ?? 'new'}
          open
          level={editing}
          firstLevel={list.length === 0}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'the level'}?`}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })
        }
      >
        Learners in this level move to the one below it. The 0-point level can only be deleted last.
      </ConfirmDialog>
    </SectionCard>
  );
}
