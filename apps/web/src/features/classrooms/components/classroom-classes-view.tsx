import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import ClassOutlined from '@mui/icons-material/ClassOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import PublishOutlined from '@mui/icons-material/PublishOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { notifySuccess } from '../../../shared/notify/notify.ts';
import { isAdmin } from '../../../shared/session/roles.ts';
import { useSession as useAppSession } from '../../../shared/session/session-context.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { EmptyState } from '../../../shared/ui/section-card.tsx';
import { useClasses, useClassroom, usePublishClassroom } from '../api/classrooms.api.ts';
import {
  CLASSROOM_MESSAGES,
  classEditorUrl,
  classroomHomeUrl,
  classSessionsUrl,
  newClassUrl,
  plural,
} from '../labels.ts';
import { ClassroomDialog } from './classroom-dialog.tsx';
import { ClassroomProblem } from './not-found.tsx';
import { ClassroomStatusChip } from './status-chips.tsx';

const PAGE_SIZE = 20;

/** A classroom's classes (cohorts): open one's sessions; its managers add and edit classes. */
export function ClassroomClassesView({ classroomId }: { classroomId: number }) {
  const { user } = useAppSession();
  const classroom = useClassroom(classroomId);
  const [page, setPage] = useState(1);
  const classes = useClasses({ classroom_id: classroomId, page, page_size: PAGE_SIZE });
  const publish = usePublishClassroom();
  const [editing, setEditing] = useState(false);
  if (classroom.isError) return <ClassroomProblem error={classroom.error} />;
  const c = classroom.data;
  const rows = classes.data?.results;
  const pages = classes.data ? Math.max(1, Math.ceil(classes.data.count / PAGE_SIZE)) : 1;
  const direct = isAdmin(user?.role.id ?? 0);

  return (
    <PageContainer>
      <Button
        size="small"
        startIcon={<ArrowBackOutlined />}
        component={RouterLink}
        to={classroomHomeUrl()}
        sx={{ mb: 1 }}
      >
        Classroom
      </Button>
      <PageHeader
        title={c ? c.title : <Skeleton width={280} />}
        subtitle={
          c && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <ClassroomStatusChip status={c.status} />
              <span>
                {plural(c.class_count, 'class', 'classes')} · {plural(c.session_count, 'session')}
              </span>
            </Stack>
          )
        }
        actions={
          c && (
            <>
              {c.abilities.edit && (
                <Button startIcon={<EditOutlined />} onClick={() => setEditing(true)}>
                  Edit
                </Button>
              )}
              {c.abilities.publish && c.status === 'draft' && (
                <Button
                  variant="outlined"
                  startIcon={<PublishOutlined />}
                  loading={publish.isPending}
                  onClick={() =>
                    publish.mutate(
                      { classroom: c.id, action: 'publish' },
                      {
                        onSuccess: (next) =>
                          notifySuccess(
                            next.status === 'published'
                              ? 'Classroom published.'
                              : 'Sent for approval.',
                          ),
                      },
                    )
                  }
                >
                  {direct ? 'Publish' : 'Submit for approval'}
                </Button>
              )}
              {c.abilities.edit && (
                <Button
                  variant="contained"
                  startIcon={<AddOutlined />}
                  component={RouterLink}
                  to={newClassUrl(c.id)}
                >
                  Add class
                </Button>
              )}
            </>
          )
        }
      />
      {c?.description && (
        <Typography sx={{ mb: 3, whiteSpace: 'pre-line', maxWidth: 820 }}>
          {c.description}
        </Typography>
      )}
      {c?.status === 'pending' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          This classroom waits for approval; learners see it once it is published.
        </Alert>
      )}
      {classes.isError && !classes.data ? (
        <Alert severity="error">
          {errorMessage(classes.error, CLASSROOM_MESSAGES.classesFailed)}
        </Alert>
      ) : rows?.length === 0 ? (
        <Card>
          <EmptyState icon={<ClassOutlined fontSize="large" />}>
            {c?.abilities.edit ? 'No classes yet. Add the first one.' : 'No classes yet.'}
          </EmptyState>
        </Card>
      ) : (
        <Box
          component="ul"
          aria-label="Classes"
          aria-busy={rows === undefined}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' },
          }}
        >
          {(rows ?? [null, null]).map((cls, i) => (
            <li key={cls?.id ?? `placeholder-${i}`}>
              <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
                {cls ? (
                  <>
                    <CardContent sx={{ flex: 1 }}>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <Typography
                          variant="h2"
                          sx={{ fontSize: '1.1rem', fontWeight: 600, flex: 1 }}
                        >
                          {cls.name}
                        </Typography>
                        {cls.booking_mode === 'request' && (
                          <Chip size="small" label="By request" variant="outlined" />
                        )}
                      </Stack>
                      {cls.description && (
                        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
                          {cls.description}
                        </Typography>
                      )}
                      <Typography variant="body2" sx={{ mt: 1 }}>
                        {plural(cls.topic_count, 'topic')} · {plural(cls.session_count, 'session')}
                      </Typography>
                    </CardContent>
                    <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
                      <Button
                        size="small"
                        variant="contained"
                        startIcon={<EventOutlined />}
                        component={RouterLink}
                        to={classSessionsUrl(cls.id)}
                        aria-label={`Sessions of ${cls.name}`}
                      >
                        Sessions
                      </Button>
                      {cls.abilities.edit && (
                        <Button
                          size="small"
                          startIcon={<EditOutlined />}
                          component={RouterLink}
                          to={classEditorUrl(cls.id)}
                          aria-label={`Edit ${cls.name}`}
                          sx={{ ml: '0 !important' }}
                        >
                          Edit
                        </Button>
                      )}
                    </CardActions>
                  </>
                ) : (
                  <CardContent>
                    <Skeleton width="50%" />
                    <Skeleton />
                  </CardContent>
                )}
              </Card>
            </li>
          ))}
        </Box>
      )}
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page}
          onChange={(_event, next) => setPage(next)}
          sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
        />
      )}
      <ClassroomDialog open={editing} classroom={c} onClose={() => setEditing(false)} />
    </PageContainer>
  );
}
