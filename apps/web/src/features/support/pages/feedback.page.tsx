import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { isAdmin } from '../../../shared/session/roles.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { FeedbackForm, pageFrom } from '../components/feedback-form.tsx';
import { FeedbackList } from '../components/feedback-list.tsx';

/**
 * `/feedback` (spec §2; the profile menu's Feedback): rate the product or the page one came from
 * (`?from=/path`, else the referrer when it is this app); admins also see everyone's
 * (`?tab=all`).
 */
export default function FeedbackPage() {
  const { user } = useSession();
  const admin = user !== null && isAdmin(user.role.id);
  const [params, setParams] = useSearchParams();
  const tab = admin && params.get('tab') === 'all' ? 'all' : 'give';
  const from = params.get('from');
  // Read once: the referrer of the visit, not of later tab changes.
  const fromPage = useMemo(() => pageFrom(from, document.referrer, window.location.origin), [from]);

  return (
    <PageContainer maxWidth={1000}>
      <PageHeader title="Feedback" subtitle="Tell us what works and what does not." />
      {admin && (
        <Tabs
          value={tab}
          onChange={(_e, value: string) => {
            const next = new URLSearchParams(params);
            if (value === 'all') next.set('tab', 'all');
            else next.delete('tab');
            setParams(next, { replace: true });
          }}
          sx={{ mb: 2 }}
          aria-label="Feedback"
        >
          <Tab value="give" label="Give feedback" />
          <Tab value="all" label="All feedback" />
        </Tabs>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {tab === 'all' ? <FeedbackList /> : <FeedbackForm fromPage={fromPage} />}
      </Paper>
    </PageContainer>
  );
}
