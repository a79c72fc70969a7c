import { ROLE, type TModule } from '@atrium/contract';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { type ReactNode, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { EmptyState, SectionCard } from '../../../shared/ui/section-card.tsx';
import { useDeleteCourse, useUpdateCourse } from '../api/authoring.api.ts';
import { useCourseDetail } from '../api/courses.api.ts';
import { type CourseFormValues, courseToForm } from '../authoring/course-form.ts';
import { adminOnlyReason } from '../authoring/publication-limits.ts';
import { CourseForm } from '../components/authoring/course-form.tsx';
import { CourseStatusCard } from '../components/authoring/course-status-card.tsx';
import { ModulesSection } from '../components/authoring/modules-section.tsx';
import { COURSE_MESSAGES } from '../course-messages.ts';

/** What a section another feature adds below the modules is given (learning's assignments). */
export interface CourseEditorSectionProps {
  courseId: number;
  modules: TModule[];
  editable: boolean;
  manages: boolean;
}

/**
 * /courses/edit-course/:id: the course form, its status, its modules and the `sections` app/
 * composes in; read-only when not editable.
 */
export function EditCoursePage({
  sections,
}: {
  sections?: (props: CourseEditorSectionProps) => ReactNode;
}) {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const { user } = useSession();
  const roleId = user?.role.id ?? ROLE.LEARNER;
  const detail = useCourseDetail(id);
  const update = useUpdateCourse(id);
  const remove = useDeleteCourse();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const course = detail.data?.course;
  // The form resets only when a field it shows changed on the server, not when a module count
  // or timestamp did (adding a module must not wipe unsaved edits).
  const formKey = course ? JSON.stringify(courseToForm(course)) : '';
  const initial = useMemo<CourseFormValues | null>(
    () => (formKey ? JSON.parse(formKey) : null),
    [formKey],
  );

  if (detail.isPending && Number.isInteger(id)) return <PageLoader />;
  if (!course || !initial || !detail.data)
    return (
      <PageContainer maxWidth={720}>
        <EmptyState icon={<ErrorOutline sx={{ fontSize: 48 }} aria-hidden />}>
          {detail.isError
            ? errorMessage(detail.error, COURSE_MESSAGES.detailFailed)
            : COURSE_MESSAGES.detailFailed}
        </EmptyState>
        <Stack sx={{ alignItems: 'center' }}>
          <Button component={RouterLink} to="/courses/all-courses">
            Back to the courses
          </Button>
        </Stack>
      </PageContainer>
    );

  const editable = course.abilities.edit;
  const manages = course.abilities.manage;
  return (
    <PageContainer>
      <PageHeader
        title={course.title}
        subtitle={editable ? 'Edit the course, its modules and its status.' : 'Course details'}
        actions={
          <>
            <Button
              component={RouterLink}
              to={`/courses/course-detail/${course.id}`}
              variant="outlined"
            >
              View course
            </Button>
            {manages && (
              <Button
                component={RouterLink}
                to={`/courses/course-faq/${course.id}`}
                variant="outlined"
              >
                FAQs
              </Button>
            )}
            {course.abilities.delete && (
              <Button
                color="error"
                variant="outlined"
                startIcon={<DeleteOutline />}
                onClick={() => setConfirmDelete(true)}
              >
                Delete
              </Button>
            )}
          </>
        }
      />
      {!editable && (
        <Alert severity="info" sx={{ mb: 3 }}>
          This course is {course.status} and cannot be edited by you, so it is shown read-only.
          {roleId === ROLE.TRAINER && course.status === 'published'
            ? ' Ask an admin to unpublish it if it needs changes.'
            : ''}
        </Alert>
      )}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <SectionCard title="Course details">
            <CourseForm
              initial={initial}
              // The server versions the URL (?v=) with each new image: no stale copy.
              currentImage={course.image}
              submitLabel="Save changes"
              readOnly={!editable}
              wideningBlocked={adminOnlyReason(course, 'widen_visibility')}
              save={(form, onProgress) => update.mutateAsync({ form, onProgress })}
            />
          </SectionCard>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Stack spacing={3}>
            <CourseStatusCard course={course} />
            <ModulesSection
              courseId={course.id}
              modules={detail.data.modules}
              editable={editable}
              addBlocked={adminOnlyReason(course, 'add_content')}
            />
            {sections?.({ courseId: course.id, modules: detail.data.modules, editable, manages })}
          </Stack>
        </Grid>
      </Grid>
      <ConfirmDialog
        open={confirmDelete}
        title="Delete this course?"
        confirmLabel="Delete course"
        destructive
        busy={remove.isPending}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() =>
          remove.mutate(course.id, {
            onSuccess: () => navigate('/courses/all-courses', { replace: true }),
            onSettled: () => setConfirmDelete(false),
          })
        }
      >
        {course.title}, its {detail.data.counts.modules} modules and their file links will be
        deleted. Files stay in the file repository. A course with enrolled learners cannot be
        deleted.
      </ConfirmDialog>
    </PageContainer>
  );
}
