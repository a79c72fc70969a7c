import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router';
import { isAdmin } from '../../shared/session/roles.ts';
import { useSession } from '../../shared/session/session-context.ts';
import { AccessNotice } from '../../shared/ui/access-notice.tsx';
import { PageContainer, PageHeader } from '../../shared/ui/page-header.tsx';
import { LtiToolsPanel } from '../lti/index.ts';
import { WebhooksPanel } from './components/webhooks-panel.tsx';

const TABS = [
  { value: 'webhooks', label: 'Webhooks', admins: true },
  { value: 'lti', label: 'External tools (LTI)', admins: true },
] as const;

/**
 * `/tools-plugins` (issue 24; the Organization menu's Tools & Plugins, admins): the organisation's
 * integrations, one tab each (`?tab=`). Today: Webhooks. The external tools (LTI) tab is added by
 * its own feature.
 */
export default function ToolsPluginsPage() {
  const { user } = useSession();
  const admin = user !== null && isAdmin(user.role.id);
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter((t) => !t.admins || admin);
  if (tabs.length === 0) {
    return (
      <AccessNotice title="Tools & Plugins">
        The organisation’s integrations are managed by its admins.
      </AccessNotice>
    );
  }
  const tab = tabs.find((t) => t.value === params.get('tab'))?.value ?? tabs[0]!.value;
  return (
    <PageContainer maxWidth={1100}>
      <PageHeader
        title="Tools & Plugins"
        subtitle="Connect Atrium with the organisation’s other systems."
      />
      <Tabs
        value={tab}
        onChange={(_e, value: string) => {
          const next = new URLSearchParams(params);
          next.set('tab', value);
          setParams(next, { replace: true });
        }}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
        aria-label="Tools & Plugins"
      >
        {tabs.map((t) => (
          <Tab key={t.value} value={t.value} label={t.label} />
        ))}
      </Tabs>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 } }}>
        {tab === 'webhooks' && <WebhooksPanel />}
        {tab === 'lti' && <LtiToolsPanel />}
      </Paper>
    </PageContainer>
  );
}
