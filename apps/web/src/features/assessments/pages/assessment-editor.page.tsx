import { ROLE, type TAssessmentStatus } from '@atrium/contract';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { AccessNotice } from '../../../shared/ui/access-notice.tsx';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { ProctorButton } from '../../proctoring/index.ts';
import { useAssessment, useUpdateAssessment } from '../api/assessments.api.ts';
import { DetailsForm } from '../authoring/details-form.tsx';
import { FeedbackBands } from '../authoring/feedback-bands.tsx';
import { attendeesUrl, plural, STATUS_COLOUR, STATUS_LABEL } from '../authoring/labels.ts';
import { LayoutBoard } from '../authoring/layout-board.tsx';
import { LearnersPanel } from '../authoring/learners-panel.tsx';
import { OverridesPanel } from '../authoring/overrides-panel.tsx';
import { ReviewersPanel } from '../authoring/reviewers-panel.tsx';
import { SettingsFormPanel } from '../authoring/settings-form.tsx';

const TABS = [
  'questions',
  'details',
  'settings',
  'learners',
  'overrides',
  'reviewers',
  'feedback',
] as const;
type EditorTab = (typeof TABS)[number];
const TAB_LABEL: Record<EditorTab, string> = {
  questions: 'Questions',
  details: 'Details',
  settings: 'Settings',
  learners: 'Learners',
  overrides: 'Overrides',
  reviewers: 'Reviewers',
  feedback: 'Feedback',
};

/** '/assessment/edit-assessment/:id': everything an author changes about one assessment. */
export default function AssessmentEditorPage() {
  const { user } = useSession();
  const id = Number(useParams().id);
  const staff = (user?.role.id ?? ROLE.LEARNER) <= ROLE.TRAINER;
  const detail = useAssessment(staff ? id : 0);
  const update = useUpdateAssessment(id);
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((t) => t === params.get('tab')) ?? 'questions';

  if (!user) return null;
  if (!staff) {
    return (
      <AccessNotice title="Edit assessment">
        Assessments are written by trainers and administrators. Your assessments are under My
        assessments.
      </AccessNotice>
    );
  }
  const back = (
    <Button
      component={RouterLink}
      to="/assessment"
      startIcon={<ArrowBackOutlined />}
      size="small"
      sx={{ mb: 1 }}
    >
      Assessments
    </Button>
  );
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <PageContainer>
        {back}
        <Alert severity={missing ? 'info' : 'error'}>
          {missing
            ? 'This assessment does not exist, or it is not yours to edit.'
            : errorMessage(detail.error)}
        </Alert>
      </PageContainer>
    );
  }
  const a = detail.data;
  if (!a) {
    return (
      <PageContainer>
        {back}
        <Skeleton variant="text" width="50%" height={56} />
        <Skeleton
          variant="rounded"
          height={320}
          sx={{ mt: 2 }}
          aria-label="Loading the assessment"
        />
      </PageContainer>
    );
  }
  const setStatus = (status: TAssessmentStatus) => update.mutate({ status });
  const questionCount = a.pages.reduce(
    (n, p) => n + p.slots.reduce((m, s) => m + (s.kind === 'random' ? s.draw_count : 1), 0),
    0,
  );

  return (
    <PageContainer>
      {back}
      <PageHeader
        title={a.title}
        subtitle={
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
          >
            <Chip size="small" label={STATUS_LABEL[a.status]} color={STATUS_COLOUR[a.status]} />
            <span>
              {plural(questionCount, 'question')} · {a.max_score} points ·{' '}
              {a.course ? a.course.title : 'Standalone'}
            </span>
          </Stack>
        }
        actions={
          <>
            {a.abilities.report && (
              <Button
                component={RouterLink}
                to={attendeesUrl(a.id)}
                variant="outlined"
                startIcon={<InsightsOutlined />}
              >
                Attendees and report
              </Button>
            )}
            <ProctorButton
              assessment={a.id}
              proctored={a.settings.proctored}
              canReport={a.abilities.report}
            />
            {a.abilities.edit && a.status !== 'published' && (
              <Button
                variant="contained"
                onClick={() => setStatus('published')}
                disabled={a.publish_problems.length > 0}
                loading={update.isPending}
              >
                Publish
              </Button>
            )}
            {a.abilities.edit && a.status === 'published' && (
              <>
                <Button
                  variant="outlined"
                  onClick={() => setStatus('draft')}
                  loading={update.isPending}
                >
                  Unpublish
                </Button>
                <Button
                  variant="outlined"
                  color="warning"
                  onClick={() => setStatus('archived')}
                  loading={update.isPending}
                >
                  Archive
                </Button>
              </>
            )}
          </>
        }
      />
      {a.abilities.edit && a.status !== 'published' && a.publish_problems.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <AlertTitle>Before it can be published</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {a.publish_problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </Box>
        </Alert>
      )}
      {update.isError && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {errorMessage(update.error)}
        </Alert>
      )}
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2.5 }}>
        <Tabs
          value={tab}
          onChange={(_event, next: EditorTab) => setParams({ tab: next }, { replace: true })}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Assessment editor sections"
        >
          {TABS.map((t) => (
            <Tab key={t} value={t} label={TAB_LABEL[t]} />
          ))}
        </Tabs>
      </Box>
      {tab === 'questions' ? (
        <LayoutBoard detail={a} />
      ) : (
        <Card sx={{ p: { xs: 2, sm: 3 } }}>
          {tab === 'details' && <DetailsForm detail={a} />}
          {tab === 'settings' && <SettingsFormPanel detail={a} />}
          {tab === 'learners' && (
            <LearnersPanel assessmentId={a.id} editable={a.abilities.assign} />
          )}
          {tab === 'overrides' && (
            <OverridesPanel assessmentId={a.id} editable={a.abilities.assign} />
          )}
          {tab === 'reviewers' && (
            <ReviewersPanel assessmentId={a.id} editable={a.abilities.assign} />
          )}
          {tab === 'feedback' && <FeedbackBands assessmentId={a.id} editable={a.abilities.edit} />}
        </Card>
      )}
    </PageContainer>
  );
}
