import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { SearchField } from '../../../../shared/ui/search-field.tsx';
import { useAnnouncements } from '../../api/announcements.api.ts';
import { AnnouncementList } from './announcement-list.tsx';

const PAGE_SIZE = 10;

/** What the caller may read now, as the server orders it: pinned, then unread, then newest. */
export function InboxPanel() {
  const [search, setSearch] = useState('');
  const [unread, setUnread] = useState(false);
  const [page, setPage] = useState(1);
  const list = useAnnouncements({
    scope: 'inbox',
    page,
    page_size: PAGE_SIZE,
    search: search || undefined,
    unread: unread || undefined,
  });
  const empty =
    search || unread
      ? unread && !search
        ? 'You have read every announcement. Switch off “Unread only” to see them all.'
        : 'No announcement matches. Try other words, or clear the filters.'
      : 'No announcements for you yet. When your organisation sends one, it shows here.';
  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <SearchField
          label="Search announcements"
          value={search}
          onChange={(s) => {
            setSearch(s);
            setPage(1);
          }}
        />
        <FormControlLabel
          control={
            <Switch
              checked={unread}
              onChange={(_e, on) => {
                setUnread(on);
                setPage(1);
              }}
            />
          }
          label="Unread only"
          sx={{ mr: 0 }}
        />
      </Stack>
      <AnnouncementList
        list={list}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
        manage={false}
        empty={empty}
      />
    </Stack>
  );
}
