import { ROLE } from '@atrium/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSession } from '../../../shared/session/session-context.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { useEnrolmentRequests } from '../api/enrolment.api.ts';
import { RequestsPanel } from '../components/enrolment/requests-panel.tsx';

/**
 * The request types of /requests. Enrolment is the first; other approval flows (classes, events…)
 * add a tab here with their own panel.
 */
const REQUEST_TYPES = [{ key: 'enrolment', label: 'Course enrolment' }] as const;
type RequestType = (typeof REQUEST_TYPES)[number]['key'];

const STAFF = new Set<number>([ROLE.SUPERADMIN, ROLE.ADMIN, ROLE.TRAINER]);

/** '/requests': the caller's requests and, for admins and trainers, those they decide. */
export default function EnrolmentRequestsPage() {
  const { user } = useSession();
  const staff = user ? STAFF.has(user.role.id) : false;
  const tab: RequestType = 'enrolment';
  // The badge counts what is waiting for the caller: decisions for staff, own requests otherwise.
  const badge = useEnrolmentRequests({
    scope: staff ? 'to_decide' : 'mine',
    status: 'requested',
    page: 1,
    page_size: 1,
  });

  return (
    <PageContainer>
      <PageHeader title="Requests" subtitle="Requests you made and requests waiting for you." />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs value={tab} aria-label="Request types" variant="scrollable" allowScrollButtonsMobile>
          {REQUEST_TYPES.map((t) => (
            <Tab
              key={t.key}
              value={t.key}
              id={`requests-tab-${t.key}`}
              aria-controls={`requests-panel-${t.key}`}
              label={
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <span>{t.label}</span>
                  {Boolean(badge.data?.pending_count) && (
                    <Chip
                      size="small"
                      color="primary"
                      label={badge.data?.pending_count}
                      aria-label={`${badge.data?.pending_count} pending`}
                    />
                  )}
                </Stack>
              }
            />
          ))}
        </Tabs>
      </Box>
      <Stack
        spacing={3}
        role="tabpanel"
        id={`requests-panel-${tab}`}
        aria-labelledby={`requests-tab-${tab}`}
      >
        {staff && <RequestsPanel scope="to_decide" />}
        <RequestsPanel scope="mine" />
      </Stack>
    </PageContainer>
  );
}
