import { ANNOUNCEMENT_STATES, type TAnnouncementState } from '@atrium/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { SearchField } from '../../../../shared/ui/search-field.tsx';
import { useAnnouncements } from '../../api/announcements.api.ts';
import { ANNOUNCEMENT_STATE, announcementUrl } from '../../labels.ts';
import { AnnouncementFormDialog } from '../form/announcement-form-dialog.tsx';
import { AnnouncementList } from './announcement-list.tsx';

const PAGE_SIZE = 10;

/**
 * The announcements the caller may change (admins: the organisation's; trainers: their own),
 * scheduled and expired ones too, with their reading figures, and the button to write one.
 */
export function ManagePanel() {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [state, setState] = useState<'' | TAnnouncementState>('');
  const [page, setPage] = useState(1);
  const [composing, setComposing] = useState(false);
  const list = useAnnouncements({
    scope: 'manage',
    page,
    page_size: PAGE_SIZE,
    search: search || undefined,
    state: state || undefined,
  });
  const empty =
    search || state
      ? 'No announcement matches. Try other words or another state.'
      : 'You have not sent any announcements. Choose “New announcement” to write one.';
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
        <TextField
          select
          size="small"
          label="State"
          value={state}
          onChange={(event) => {
            setState(event.target.value as '' | TAnnouncementState);
            setPage(1);
          }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">Any state</MenuItem>
          {ANNOUNCEMENT_STATES.map((s) => (
            <MenuItem key={s} value={s}>
              {ANNOUNCEMENT_STATE[s].label}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="contained"
          startIcon={<AddOutlined />}
          onClick={() => setComposing(true)}
          sx={{ flexShrink: 0 }}
        >
          New announcement
        </Button>
      </Stack>
      <AnnouncementList
        list={list}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
        manage
        empty={empty}
      />
      {composing && (
        <AnnouncementFormDialog
          announcement={null}
          onClose={() => setComposing(false)}
          onSaved={(saved) => {
            setComposing(false);
            navigate(announcementUrl(saved.id));
          }}
        />
      )}
    </Stack>
  );
}
