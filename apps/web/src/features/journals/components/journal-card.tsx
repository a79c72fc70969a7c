import type { TJournalEntry } from '@atrium/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { SanitisedHtml } from '../../../shared/ui/sanitised-html.tsx';
import { SearchField } from '../../../shared/ui/search-field.tsx';
import { SectionCard } from '../../../shared/ui/section-card.tsx';
import { useDeleteEntry, useJournal } from '../api/journals.api.ts';
import { JournalEntryDialog } from './journal-entry-dialog.tsx';
import { Pager } from './pager.tsx';

const formatWhen = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/**
 * "Learning journal" on the dashboard: my entries, newest change first, searchable; write, edit
 * and delete (after a confirmation). Each says what it is about and whether it is shared.
 */
export function JournalCard() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<TJournalEntry | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<TJournalEntry | null>(null);
  const journal = useJournal(page, search);
  const remove = useDeleteEntry();

  return (
    <SectionCard
      title="Learning journal"
      subtitle="Reflect on what you learn; share an entry with your trainer if you like."
      busy={journal.isPending}
      action={
        <Button startIcon={<AddOutlined />} onClick={() => setEditing(null)}>
          New entry
        </Button>
      }
    >
      <Stack direction="row" sx={{ mb: 1 }}>
        <SearchField
          label="Search the journal"
          value={search}
          fullWidth
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
      </Stack>
      {journal.isError && <Alert severity="error">{errorMessage(journal.error)}</Alert>}
      {journal.isPending && <Skeleton variant="rounded" height={120} />}
      {journal.data?.count === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 2 }}>
          {search
            ? 'No entry matches your search.'
            : 'No entries yet. Write down what you learnt, what went well and what to improve.'}
        </Typography>
      )}
      {journal.data && journal.data.count > 0 && (
        <List disablePadding aria-label="Journal entries">
          {journal.data.results.map((entry) => (
            <EntryRow
              key={entry.id}
              entry={entry}
              onEdit={() => setEditing(entry)}
              onDelete={() => setDeleting(entry)}
            />
          ))}
        </List>
      )}
      <Pager
        page={page}
        hasPrevious={Boolean(journal.data?.previous)}
        hasNext={Boolean(journal.data?.next)}
        label="journal entries"
        onPage={setPage}
      />
      <JournalEntryDialog
        open={editing !== undefined}
        entry={editing ?? null}
        onClose={() => setEditing(undefined)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this entry?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })
        }
      >
        “{deleting?.title}” is deleted for good.
        {remove.isError && <Alert severity="error">{errorMessage(remove.error)}</Alert>}
      </ConfirmDialog>
    </SectionCard>
  );
}

/** One entry; `showAuthor` for lists of other people's entries (those shared with me). */
export function EntryRow({
  entry,
  onEdit,
  onDelete,
  showAuthor = false,
}: {
  entry: TJournalEntry;
  onEdit?: () => void;
  onDelete?: () => void;
  showAuthor?: boolean;
}) {
  const about = [entry.course?.title, entry.session?.title].filter(Boolean).join(' · ');
  return (
    <ListItem disableGutters divider sx={{ display: 'block' }}>
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
        <Stack sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="h3" sx={{ overflowWrap: 'anywhere', fontWeight: 500 }}>
            {entry.title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {showAuthor && `${entry.author.fullname} · `}
            {formatWhen(entry.updated_at)}
            {about && ` · ${about}`}
          </Typography>
        </Stack>
        {entry.visibility === 'shared_with_trainer' && (
          <Chip size="small" label="Shared" variant="outlined" />
        )}
        {entry.abilities.edit && onEdit && (
          <IconButton aria-label={`Edit ${entry.title}`} onClick={onEdit}>
            <EditOutlined />
          </IconButton>
        )}
        {entry.abilities.delete && onDelete && (
          <IconButton aria-label={`Delete ${entry.title}`} onClick={onDelete}>
            <DeleteOutlined />
          </IconButton>
        )}
      </Stack>
      {entry.body_html && (
        <SanitisedHtml html={entry.body_html} sx={{ typography: 'body2', mt: 1 }} />
      )}
      {(entry.went_well || entry.to_improve) && (
        <Stack sx={{ mt: 1, gap: 0.5 }}>
          {entry.went_well && (
            <Typography variant="body2">
              <strong>Went well:</strong> {entry.went_well}
            </Typography>
          )}
          {entry.to_improve && (
            <Typography variant="body2">
              <strong>To improve:</strong> {entry.to_improve}
            </Typography>
          )}
        </Stack>
      )}
    </ListItem>
  );
}
