import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../shared/session/session-context.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { EventsPanel, EventTypesPanel } from '../../events/index.ts';
import { MyCpd } from '../components/my-cpd.tsx';
import { PeoplePanel } from '../components/people/people-panel.tsx';
import { SchemePanel } from '../components/scheme/scheme-panel.tsx';
import { CPD_TABS, pickTab, visibleTabs } from '../cpd-format.ts';
import type { CpdTab } from '../labels.ts';

const tabId = (tab: CpdTab) => `cpd-tab-${tab}`;
const panelId = (tab: CpdTab) => `cpd-panel-${tab}`;

/**
 * '/cpd', the Organization menu's Event Engine: everyone's own CPD and the events; for admins
 * also the event types, the CPD scheme and the people whose ledgers they read. The tab is kept
 * in `?tab=`; a link to an event (`?event=`) opens the Events tab, whose panel opens the event.
 */
export default function CpdPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const eventLink = params.get('event') !== null && params.get('tab') !== 'events';
  // An event link names no tab: name it, so closing the event (which drops `?event=`) stays here.
  useEffect(() => {
    if (!eventLink) return;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('tab', 'events');
        return next;
      },
      { replace: true },
    );
  }, [eventLink, setParams]);
  if (!user) return null;

  const roleId = user.role.id;
  const tabs = visibleTabs(roleId);
  const tab = pickTab({ tab: params.get('tab'), event: params.get('event') }, roleId);

  return (
    <PageContainer>
      <PageHeader
        title="Event Engine"
        subtitle="Events to attend, and your continuing professional development against the organisation’s targets."
      />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2.5 }}>
        <Tabs
          value={tab}
          // A chosen tab replaces the whole query: an event link's `?event=` is the Events panel's.
          onChange={(_event, next: CpdTab) => setParams({ tab: next }, { replace: true })}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Event Engine views"
        >
          {CPD_TABS.filter((t) => tabs.includes(t.key)).map((t) => (
            <Tab
              key={t.key}
              value={t.key}
              label={t.label}
              id={tabId(t.key)}
              aria-controls={panelId(t.key)}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
        {tab === 'mine' && <MyCpd />}
        {tab === 'events' && <EventsPanel />}
        {tab === 'types' && <EventTypesPanel />}
        {tab === 'scheme' && <SchemePanel />}
        {tab === 'people' && <PeoplePanel />}
      </Box>
    </PageContainer>
  );
}
