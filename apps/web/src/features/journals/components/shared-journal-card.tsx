import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { SearchField } from '../../../shared/ui/search-field.tsx';
import { SectionCard } from '../../../shared/ui/section-card.tsx';
import { useSharedJournal } from '../api/journals.api.ts';
import { EntryRow } from './journal-card.tsx';
import { Pager } from './pager.tsx';

/**
 * "Shared with you" on a trainer's or admin's dashboard: the journal entries learners shared
 * about the trainer's courses and sessions (an admin: the organisation's), read-only, newest
 * change first. Sharing is the learner's promise that someone reads them: this is where.
 */
export function SharedJournalCard() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const shared = useSharedJournal(page, search);
  return (
    <SectionCard
      title="Journal entries shared with you"
      subtitle="Learners’ reflections on your courses and sessions."
      busy={shared.isPending}
    >
      <Stack direction="row" sx={{ mb: 1 }}>
        <SearchField
          label="Search shared entries"
          value={search}
          fullWidth
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
      </Stack>
      {shared.isError && <Alert severity="error">{errorMessage(shared.error)}</Alert>}
      {shared.isPending && <Skeleton variant="rounded" height={120} />}
      {shared.data?.count === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 2 }}>
          {search ? 'No shared entry matches your search.' : 'Nobody has shared an entry yet.'}
        </Typography>
      )}
      {shared.data && shared.data.count > 0 && (
        <List disablePadding aria-label="Shared journal entries">
          {shared.data.results.map((entry) => (
            <EntryRow key={entry.id} entry={entry} showAuthor />
          ))}
        </List>
      )}
      <Pager
        page={page}
        hasPrevious={Boolean(shared.data?.previous)}
        hasNext={Boolean(shared.data?.next)}
        label="shared journal entries"
        onPage={setPage}
      />
    </SectionCard>
  );
}
