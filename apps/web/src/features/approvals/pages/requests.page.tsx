import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { badgeCount } from '../../../shared/format/badge-count.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { type ApprovalScope, useLiveApprovals, usePendingCount } from '../api/requests.api.ts';
import {
  filtersFromParams,
  isListTab,
  type RequestFilters,
  type RequestsTab,
  TAB_LABELS,
  tabFromParams,
  tabsFor,
} from '../approval-query.ts';
import { DelegationsPanel } from '../components/delegations/delegations-panel.tsx';
import { RequestDrawer } from '../components/requests/request-drawer.tsx';
import { RequestsTabPanel } from '../components/requests/requests-tab-panel.tsx';
import { ApprovalSettingsPanel } from '../components/settings/approval-settings-panel.tsx';

/** Params that belong to one tab: switching tabs drops them. */
const TAB_PARAMS = ['module', 'status', 'from', 'to', 'request'] as const;

function TabLabel({ label, count }: { label: string; count: number | undefined }) {
  if (!count) return <span>{label}</span>;
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <span>{label}</span>
      <Badge
        color="primary"
        badgeContent={badgeCount(count)}
        aria-label={`${count} pending`}
        sx={{ '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
      />
    </Stack>
  );
}

/**
 * '/requests': approval requests of every kind (course enrolment, …). Approvers decide theirs
 * (one by one or in bulk) and name delegates; everyone follows their own requests; admins see the
 * organisation's and configure the flows. The tab, filters and open request live in the URL.
 */
export default function RequestsPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const tabs = tabsFor(user?.role.id, true);
  const tab = tabFromParams(params, tabs);
  const listTab = isListTab(tab) ? tab : null;
  const filters = listTab ? filtersFromParams(params, listTab) : null;
  const requestParam = Number(params.get('request'));
  const openRequest = Number.isInteger(requestParam) && requestParam > 0 ? requestParam : null;
  useLiveApprovals();

  // Each list tab's badge: its scope's pending requests.
  const counts: Partial<Record<RequestsTab, number | undefined>> = {
    to_approve: usePendingCount('to_approve', tabs.includes('to_approve')),
    mine: usePendingCount('mine', tabs.includes('mine')),
    all: usePendingCount('all', tabs.includes('all')),
  };

  const location = useLocation();
  const navigate = useNavigate();
  const update = (change: (next: URLSearchParams) => void, replace = true, state?: unknown) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        change(next);
        return next;
      },
      { replace, state },
    );
  const selectTab = (next: RequestsTab) =>
    update((p) => {
      for (const key of TAB_PARAMS) p.delete(key);
      p.set('tab', next);
    }, false);
  const changeFilters = (change: Partial<RequestFilters>) =>
    update((p) => {
      for (const [key, value] of Object.entries(change)) {
        if (value) p.set(key, value);
        else p.delete(key);
      }
    });
  const clearFilters = () =>
    update((p) => {
      for (const key of TAB_PARAMS) if (key !== 'request') p.delete(key);
    });
  // Opening a request is a history entry, so Back (a phone's, with the drawer full screen)
  // closes it; closing one opened here goes back instead of stacking another entry.
  const openDetail = (id: number) =>
    update((p) => p.set('request', String(id)), false, { drawer: true });
  const closeDetail = () => {
    if ((location.state as { drawer?: boolean } | null)?.drawer) void navigate(-1);
    else update((p) => p.delete('request'));
  };

  return (
    <PageContainer>
      <PageHeader
        title="Requests"
        subtitle="Requests that need an approval: yours, and those waiting for your decision."
      />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={tab}
          onChange={(_event, next: RequestsTab) => selectTab(next)}
          aria-label="Requests"
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {tabs.map((t) => (
            <Tab
              key={t}
              value={t}
              id={`requests-tab-${t}`}
              aria-controls={`requests-panel-${t}`}
              label={<TabLabel label={TAB_LABELS[t]} count={counts[t]} />}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`requests-panel-${tab}`} aria-labelledby={`requests-tab-${tab}`}>
        {listTab && filters && (
          <RequestsTabPanel
            key={listTab}
            scope={listTab}
            filters={filters}
            onFiltersChange={changeFilters}
            onClearFilters={clearFilters}
            onOpen={(row) => openDetail(row.id)}
          />
        )}
        {tab === 'delegations' && <DelegationsPanel />}
        {tab === 'settings' && <ApprovalSettingsPanel />}
      </Box>
      <RequestDrawer
        requestId={listTab ? openRequest : null}
        scope={(listTab ?? 'mine') satisfies ApprovalScope}
        onClose={closeDetail}
      />
    </PageContainer>
  );
}
