import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Navigate, Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { SectionCard } from '../../../shared/ui/section-card.tsx';
import { useLearningPath, useUpdatePath } from '../api/paths.api.ts';
import { StatusActions } from '../components/editor/status-actions.tsx';
import { StructureEditor } from '../components/editor/structure-editor.tsx';
import { LearnersPanel } from '../components/learners/learners-panel.tsx';
import { PathNotFound } from '../components/not-found.tsx';
import { PathForm } from '../components/path-form.tsx';
import { PathReviews } from '../components/reviews/path-reviews.tsx';
import { PathStatusChip } from '../components/state-chips.tsx';
import { pathToForm } from '../path-form.ts';
import { learnerPathUrl, PATH_MESSAGES, plural } from '../path-labels.ts';

const TABS = ['structure', 'settings', 'learners', 'reviews'] as const;
type EditorTab = (typeof TABS)[number];
const TAB_LABEL: Record<EditorTab, string> = {
  structure: 'Structure',
  settings: 'Settings',
  learners: 'Learners',
  reviews: 'Reviews',
};

/**
 * '/learning-path/:id': the managers' editor and overview. Whoever may neither edit nor manage
 * the path (a learner) is sent to the learner's page of it instead.
 */
export default function PathEditorPage() {
  const id = Number(useParams().id);
  const detail = useLearningPath(id);
  const [params, setParams] = useSearchParams();
  const update = useUpdatePath(id);
  if (!Number.isInteger(id) || id <= 0) return <PathNotFound />;
  if (detail.isPending) return <PageLoader label="Loading learning path" />;
  if (detail.isError) {
    if (detail.error instanceof ApiError && detail.error.status === 404) return <PathNotFound />;
    return (
      <PageContainer>
        <Alert severity="error">{errorMessage(detail.error, PATH_MESSAGES.detailFailed)}</Alert>
      </PageContainer>
    );
  }
  const path = detail.data;
  if (!path.abilities.edit && !path.abilities.manage) {
    return <Navigate to={learnerPathUrl(path.id)} replace />;
  }
  const available = TABS.filter(
    (t) => (t !== 'learners' || path.abilities.manage) && (t !== 'settings' || path.abilities.edit),
  );
  const tab = available.find((t) => t === params.get('tab')) ?? available[0] ?? 'structure';

  return (
    <PageContainer>
      <Button
        component={RouterLink}
        to="/learning-path?tab=manage"
        startIcon={<ArrowBackOutlined />}
        size="small"
        sx={{ mb: 1 }}
      >
        Learning paths
      </Button>
      <PageHeader
        title={path.title}
        subtitle={
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
          >
            <PathStatusChip status={path.status} />
            <span>
              {plural(path.item_count, 'course')} · {plural(path.enrolled_count, 'learner')}
            </span>
          </Stack>
        }
        actions={
          <>
            <Button
              component={RouterLink}
              to={learnerPathUrl(path.id)}
              startIcon={<VisibilityOutlined />}
            >
              Learner view
            </Button>
            <StatusActions path={path} />
          </>
        }
      />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2.5 }}>
        <Tabs
          value={tab}
          onChange={(_event, next: EditorTab) =>
            setParams((current) => {
              const out = new URLSearchParams(current);
              if (next === available[0]) out.delete('tab');
              else out.set('tab', next);
              return out;
            })
          }
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Learning path sections"
        >
          {available.map((t) => (
            <Tab key={t} value={t} label={TAB_LABEL[t]} />
          ))}
        </Tabs>
      </Box>
      {tab === 'structure' && <StructureEditor detail={path} />}
      {tab === 'settings' && (
        <SectionCard
          title="Settings"
          subtitle="What learners read about the path, and how they join it."
        >
          <PathForm
            key={path.id}
            initial={pathToForm(path)}
            currentImage={path.image}
            mode="update"
            submitLabel="Save settings"
            save={(form, onProgress) => update.mutateAsync({ form, onProgress })}
          />
        </SectionCard>
      )}
      {tab === 'learners' && <LearnersPanel path={path} />}
      {tab === 'reviews' && (
        <SectionCard title="Reviews">
          <PathReviews path={{ id: path.id, abilities: { ...path.abilities, review: false } }} />
        </SectionCard>
      )}
    </PageContainer>
  );
}
