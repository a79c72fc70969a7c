import { ROLE } from '@atrium/contract';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { isAdmin, isSuperadmin } from '../../../shared/session/roles.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { pageFrom } from '../components/feedback-form.tsx';
import { LearnerGuide } from '../components/tickets/learner-guide.tsx';
import { MyTickets } from '../components/tickets/my-tickets.tsx';
import { NewTicketForm } from '../components/tickets/new-ticket-form.tsx';
import { TicketQueue } from '../components/tickets/ticket-queue.tsx';

type TabKey = 'queue' | 'mine' | 'new' | 'guide';

/**
 * `/support` (spec §2, the profile menu's Support): everyone's own tickets and a new-ticket form
 * (`?tab=new&from=/page`); learners also get the short learner guide; admins (and superadmins,
 * across organisations) work the queue, which they land on.
 */
export default function SupportPage() {
  const { user } = useSession();
  const staff = user !== null && isAdmin(user.role.id);
  const learner = user !== null && !staff && user.role.id === ROLE.LEARNER;
  const [params, setParams] = useSearchParams();
  const from = params.get('from');
  const fromPage = useMemo(
    () =>
      pageFrom(from, document.referrer, window.location.origin)?.replace(/^\/support.*/, '') ||
      null,
    [from],
  );
  const tabs: [TabKey, string][] = [
    ...(staff ? ([['queue', 'Queue']] as [TabKey, string][]) : []),
    ['mine', 'My tickets'],
    ['new', 'New ticket'],
    ...(learner ? ([['guide', 'Learner guide']] as [TabKey, string][]) : []),
  ];
  const asked = params.get('tab') as TabKey | null;
  // A link from another page (`?from=`) is someone about to ask for help.
  const fallback: TabKey = from ? 'new' : staff ? 'queue' : 'mine';
  const tab = tabs.some(([k]) => k === asked) ? (asked as TabKey) : fallback;

  return (
    <PageContainer maxWidth={1000}>
      <PageHeader title="Support" subtitle="Ask for help and follow your requests." />
      <Tabs
        value={tab}
        onChange={(_e, value: TabKey) => {
          const next = new URLSearchParams(params);
          next.set('tab', value);
          setParams(next, { replace: true });
        }}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
        aria-label="Support"
      >
        {tabs.map(([k, label]) => (
          <Tab key={k} value={k} label={label} />
        ))}
      </Tabs>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {tab === 'queue' ? (
          <TicketQueue superadmin={user !== null && isSuperadmin(user.role.id)} />
        ) : tab === 'new' ? (
          <NewTicketForm fromPage={fromPage} />
        ) : tab === 'guide' ? (
          <LearnerGuide />
        ) : (
          <MyTickets />
        )}
      </Paper>
    </PageContainer>
  );
}
