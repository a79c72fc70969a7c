import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { EmptyState } from '../../../shared/ui/section-card.tsx';
import {
  useClassDetail,
  useClassroom,
  useCreateClass,
  useCreateTopic,
  useDeleteClass,
  useUpdateClass,
} from '../api/classrooms.api.ts';
import { ClassForm } from '../components/class-form.tsx';
import { ClassroomProblem } from '../components/not-found.tsx';
import { ClassReport } from '../components/reports/class-report.tsx';
import { RequisitesSlot } from '../components/requisites-slot.tsx';
import { TopicCard } from '../components/topic-card.tsx';
import {
  CLASSROOM_MESSAGES,
  classEditorUrl,
  classroomClassesUrl,
  classSessionsUrl,
} from '../labels.ts';

const idOf = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** '/classroom/classes/edit': a new class (?classroom=) or one class with its topics (?class=). */
export default function ClassEditorPage() {
  const [params] = useSearchParams();
  const classId = idOf(params.get('class'));
  const classroomId = idOf(params.get('classroom'));
  if (classId) return <EditClass classId={classId} />;
  if (classroomId) return <NewClass classroomId={classroomId} />;
  return <ClassroomProblem text="Choose a classroom first." />;
}

function NewClass({ classroomId }: { classroomId: number }) {
  const classroom = useClassroom(classroomId);
  const create = useCreateClass();
  const navigate = useNavigate();
  if (classroom.isError) return <ClassroomProblem error={classroom.error} />;
  const c = classroom.data;
  if (c && !c.abilities.edit) {
    return <ClassroomProblem text="Only the classroom's managers add classes to it." />;
  }
  return (
    <PageContainer maxWidth={900}>
      <Button
        size="small"
        startIcon={<ArrowBackOutlined />}
        component={RouterLink}
        to={classroomClassesUrl(classroomId)}
        sx={{ mb: 1 }}
      >
        {c?.title ?? 'Classroom'}
      </Button>
      <PageHeader title="New class" subtitle="Then add its topics and their sessions." />
      <Card>
        <CardContent>
          <ClassForm
            cls={null}
            submitLabel="Create class"
            busy={create.isPending}
            error={create.error}
            onSubmit={(fields) =>
              create.mutate(
                { classroom: classroomId, ...fields },
                { onSuccess: (made) => void navigate(classEditorUrl(made.id), { replace: true }) },
              )
            }
          />
        </CardContent>
      </Card>
    </PageContainer>
  );
}

function EditClass({ classId }: { classId: number }) {
  const detail = useClassDetail(classId);
  const update = useUpdateClass(classId);
  const createTopic = useCreateTopic();
  const remove = useDeleteClass();
  const navigate = useNavigate();
  const [topicTitle, setTopicTitle] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'report' ? 'report' : 'class';
  if (detail.isError) {
    return <ClassroomProblem error={detail.error} fallback={CLASSROOM_MESSAGES.classFailed} />;
  }
  const cls = detail.data;
  if (!cls) {
    return (
      <PageContainer maxWidth={1000}>
        <Skeleton width={280} height={48} />
        <Skeleton variant="rounded" height={280} sx={{ mt: 2 }} />
      </PageContainer>
    );
  }
  if (!cls.abilities.edit) {
    return <ClassroomProblem text="Only the classroom's managers edit this class." />;
  }

  return (
    <PageContainer maxWidth={1000}>
      <Button
        size="small"
        startIcon={<ArrowBackOutlined />}
        component={RouterLink}
        to={classroomClassesUrl(cls.classroom)}
        sx={{ mb: 1 }}
      >
        {cls.classroom_title}
      </Button>
      <PageHeader
        title={cls.name}
        subtitle="The class, its topics and their sessions."
        actions={
          <>
            <Button
              variant="outlined"
              startIcon={<EventOutlined />}
              component={RouterLink}
              to={classSessionsUrl(cls.id)}
            >
              Learners' view
            </Button>
            {cls.abilities.delete && (
              <Button
                color="error"
                startIcon={<DeleteOutlined />}
                onClick={() => {
                  remove.reset();
                  setDeleting(true);
                }}
              >
                Delete class
              </Button>
            )}
          </>
        }
      />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2.5 }}>
        <Tabs
          value={view}
          onChange={(_event, next: string) =>
            setParams(
              (prev) => {
                const out = new URLSearchParams(prev);
                if (next === 'report') out.set('view', 'report');
                else out.delete('view');
                return out;
              },
              { replace: true },
            )
          }
          aria-label="Class views"
        >
          <Tab value="class" label="Class" />
          <Tab value="report" label="Report" />
        </Tabs>
      </Box>
      {view === 'report' ? (
        <ClassReport classId={cls.id} />
      ) : (
        <Stack spacing={3}>
          <Card component="section" aria-labelledby="class-details-title">
            <CardContent>
              <Typography id="class-details-title" variant="h2" sx={{ fontSize: '1.2rem', mb: 2 }}>
                Details
              </Typography>
              <ClassForm
                key={cls.id}
                cls={cls}
                submitLabel="Save class"
                busy={update.isPending}
                error={update.error}
                onSubmit={(fields) => update.mutate(fields)}
              />
            </CardContent>
          </Card>

          <Box component="section" aria-labelledby="topics-title">
            <Typography id="topics-title" variant="h2" sx={{ fontSize: '1.2rem', mb: 1.5 }}>
              Topics and sessions
            </Typography>
            <Stack
              component="form"
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ mb: 2 }}
              onSubmit={(event) => {
                event.preventDefault();
                createTopic.mutate(
                  { class: cls.id, title: topicTitle, position: cls.topics.length },
                  { onSuccess: () => setTopicTitle('') },
                );
              }}
            >
              <TextField
                size="small"
                label="New topic"
                value={topicTitle}
                onChange={(event) => setTopicTitle(event.target.value)}
                sx={{ flex: 1 }}
                error={createTopic.isError}
                helperText={createTopic.isError ? errorMessage(createTopic.error) : undefined}
              />
              <Button
                type="submit"
                variant="contained"
                startIcon={<AddOutlined />}
                loading={createTopic.isPending}
                sx={{ alignSelf: { sm: 'flex-start' } }}
              >
                Add topic
              </Button>
            </Stack>
            {cls.topics.length === 0 ? (
              <Card>
                <EmptyState icon={<EventOutlined fontSize="large" />}>
                  No topics yet. Add the first one above, then its sessions.
                </EmptyState>
              </Card>
            ) : (
              <Stack spacing={2}>
                {cls.topics.map((topic) => (
                  <TopicCard
                    key={topic.id}
                    topic={topic}
                    sessions={topic.sessions}
                    canEdit={cls.abilities.edit}
                    extra={<RequisitesSlot target={{ topic: topic.id }} canEdit />}
                    sessionExtra={(s) => (
                      <RequisitesSlot
                        target={{ session: s.id }}
                        canEdit={s.abilities.edit}
                        compact
                      />
                    )}
                  />
                ))}
              </Stack>
            )}
          </Box>
        </Stack>
      )}
      <ConfirmDialog
        open={deleting}
        title="Delete class?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(cls.id, {
            onSuccess: () => {
              setDeleting(false);
              void navigate(classroomClassesUrl(cls.classroom), { replace: true });
            },
          })
        }
      >
        {remove.isError ? (
          <Box component="span" role="alert" sx={{ color: 'error.main' }}>
            {errorMessage(remove.error)}
          </Box>
        ) : (
          `“${cls.name}” is deleted with its topics and sessions. A class with booked learners cannot be deleted.`
        )}
      </ConfirmDialog>
    </PageContainer>
  );
}
