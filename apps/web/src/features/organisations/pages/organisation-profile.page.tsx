import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { isAdmin, isSuperadmin } from '../../../shared/session/roles.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { OrganisationNotificationDefaults } from '../../notifications/index.ts';
import { useOrganisationRecord } from '../api/organisations.api.ts';
import { OrganisationSettingsCard } from '../components/organisation-settings-card.tsx';
import { StructureCard } from '../components/structure-card.tsx';

type TabKey = 'structure' | 'settings' | 'notifications';

/** '/organization/profile/:id': one organisation's structure and settings. */
export default function OrganisationProfilePage() {
  const id = Number(useParams().id);
  const { user } = useSession();
  const superadmin = user ? isSuperadmin(user.role.id) : false;
  // Structure edits are for admins; anyone else granted the menu entry may look.
  const admin = user ? isAdmin(user.role.id) : false;
  const organisation = useOrganisationRecord(Number.isInteger(id) && id > 0 ? id : null);
  const [tab, setTab] = useState<TabKey>('structure');
  const tabsId = useId();

  if (organisation.isPending) return <PageLoader label="Loading the organisation" />;
  if (organisation.isError) {
    return (
      <PageContainer>
        <Alert severity="error">{errorMessage(organisation.error)}</Alert>
      </PageContainer>
    );
  }
  const org = organisation.data;
  const panel = (key: TabKey) => ({
    role: 'tabpanel',
    id: `${tabsId}-${key}-panel`,
    'aria-labelledby': `${tabsId}-${key}-tab`,
    hidden: tab !== key,
  });
  const tabProps = (key: TabKey) => ({
    value: key,
    id: `${tabsId}-${key}-tab`,
    'aria-controls': `${tabsId}-${key}-panel`,
  });

  return (
    <PageContainer maxWidth={1100}>
      {superadmin && (
        <Button
          component={RouterLink}
          to="/organization"
          startIcon={<ArrowBackOutlined />}
          size="small"
          sx={{ mb: 1 }}
        >
          All organisations
        </Button>
      )}
      <PageHeader
        title={org.title}
        subtitle={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
            <Chip size="small" label={org.acronym} />
            {org.domain_url && <Chip size="small" variant="outlined" label={org.domain_url} />}
            <Chip
              size="small"
              variant="outlined"
              label={`${org.member_count} member${org.member_count === 1 ? '' : 's'}`}
            />
            <Chip
              size="small"
              variant="outlined"
              label={
                org.licence_seats === null ? 'No seat limit' : `${org.licence_seats} licence seats`
              }
            />
          </Stack>
        }
      />
      <Tabs
        value={tab}
        onChange={(_event, next: TabKey) => setTab(next)}
        aria-label="Organisation sections"
        sx={{ mb: 2.5, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab label="Structure" {...tabProps('structure')} />
        <Tab label="Settings" {...tabProps('settings')} />
        {admin && <Tab label="Notifications" {...tabProps('notifications')} />}
      </Tabs>
      <Box {...panel('structure')}>
        {tab === 'structure' && <StructureCard organisationId={org.id} editable={admin} />}
      </Box>
      <Box {...panel('settings')}>
        {tab === 'settings' && (
          <OrganisationSettingsCard organisation={org} superadmin={superadmin} />
        )}
      </Box>
      <Box {...panel('notifications')}>
        {/* Admins act on their own organisation; a superadmin names the one shown. */}
        {admin && tab === 'notifications' && (
          <OrganisationNotificationDefaults organisation={superadmin ? org.id : undefined} />
        )}
      </Box>
    </PageContainer>
  );
}
