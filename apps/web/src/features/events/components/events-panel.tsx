import { ROLE, type TEventDetail } from '@atrium/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isAdmin } from '../../../shared/session/roles.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { type EventListQuery, useEvents } from '../api/events.api.ts';
import { EnrolmentsDialog } from './enrolments/enrolments-dialog.tsx';
import { EventDetailDialog } from './event-detail-dialog.tsx';
import { type EventFilterState, EventFilters, NO_FILTERS } from './event-filters.tsx';
import { EventList } from './event-list.tsx';
import { EventFormDialog } from './form/event-form-dialog.tsx';

const PAGE_SIZE = 10;

/** The `?event=` of a link (notification, approval, calendar), when it is an id. */
function eventParam(params: URLSearchParams): number | null {
  const id = Number(params.get('event'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * The events tab of /cpd: the list with its filters, the detail of `?event=<id>` (links point
 * there; closing removes it), and for staff the form to create and edit and the enrolments.
 */
export function EventsPanel() {
  const { user } = useSession();
  const roleId = user?.role.id ?? ROLE.LEARNER;
  const staff = roleId === ROLE.SUPERADMIN || roleId === ROLE.ADMIN || roleId === ROLE.TRAINER;
  const [params, setParams] = useSearchParams();
  const openId = eventParam(params);
  const [filters, setFilters] = useState<EventFilterState>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<TEventDetail | 'new' | null>(null);
  const [managing, setManaging] = useState<TEventDetail | null>(null);
  // One "now" per visit keeps the query (and its cache key) steady.
  const [now] = useState(() => new Date().toISOString());

  const query = useMemo<EventListQuery>(
    () => ({
      page,
      page_size: PAGE_SIZE,
      search: filters.search || undefined,
      from: filters.when === 'upcoming' ? now : undefined,
      to: filters.when === 'past' ? now : undefined,
      mine: filters.mine || undefined,
      type: filters.type ?? undefined,
      status: filters.status || undefined,
      // The past reads back from the most recently ended; the rest from the soonest start.
      order: filters.when === 'past' ? 'latest' : 'soonest',
    }),
    [filters, page, now],
  );
  const list = useEvents(query);

  const open = (id: number) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('event', String(id));
      return next;
    });
  const close = () =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete('event');
        return next;
      },
      { replace: true },
    );

  const unfiltered = (Object.keys(NO_FILTERS) as (keyof EventFilterState)[]).every(
    (key) => filters[key] === NO_FILTERS[key],
  );
  const empty = unfiltered ? 'No upcoming events.' : 'No events match these filters.';
  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <Stack sx={{ flex: 1, minWidth: 0 }}>
          <EventFilters
            state={filters}
            showStatus={staff}
            onChange={(changes) => {
              setFilters((f) => ({ ...f, ...changes }));
              setPage(1);
            }}
          />
        </Stack>
        {staff && (
          <Button
            variant="contained"
            startIcon={<AddOutlined />}
            onClick={() => setEditing('new')}
            sx={{ flexShrink: 0 }}
          >
            New event
          </Button>
        )}
      </Stack>
      <EventList
        list={list}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
        onOpen={open}
        staff={staff}
        empty={empty}
      />
      {openId !== null && (
        <EventDetailDialog
          id={openId}
          staff={staff}
          onClose={close}
          onEdit={setEditing}
          onManage={setManaging}
        />
      )}
      {editing !== null && (
        <EventFormDialog
          event={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            open(saved.id);
          }}
        />
      )}
      {managing !== null && (
        <EnrolmentsDialog
          event={managing}
          linkNames={isAdmin(roleId)}
          onClose={() => setManaging(null)}
        />
      )}
    </Stack>
  );
}
