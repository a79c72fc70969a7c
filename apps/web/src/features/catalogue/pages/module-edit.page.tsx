import ArrowBack from '@mui/icons-material/ArrowBack';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { EmptyState, SectionCard } from '../../../shared/ui/section-card.tsx';
import { useAttachFile, useModule } from '../api/authoring.api.ts';
import { useCourseDetail } from '../api/courses.api.ts';
import { adminOnlyReason } from '../authoring/publication-limits.ts';
import { ModuleDetailsForm } from '../components/authoring/module-details-form.tsx';
import { ModuleFilesSection } from '../components/authoring/module-files-section.tsx';
import { RepositoryUpload } from '../components/authoring/repository-upload.tsx';
import { COURSE_MESSAGES } from '../course-messages.ts';

/** /courses/module/:id: a module's title and description, and its files. */
export default function ModuleEditPage() {
  const id = Number(useParams().id);
  const module = useModule(id);
  const courseId = module.data?.course ?? 0;
  const detail = useCourseDetail(courseId);
  const attach = useAttachFile(id);
  const [required, setRequired] = useState(true);

  if (module.isPending || (courseId > 0 && detail.isPending)) return <PageLoader />;
  if (!module.data || !detail.data)
    return (
      <PageContainer maxWidth={720}>
        <EmptyState icon={<ErrorOutlineOutlined sx={{ fontSize: 48 }} aria-hidden />}>
          {errorMessage(module.error ?? detail.error, COURSE_MESSAGES.moduleFailed)}
        </EmptyState>
      </PageContainer>
    );

  const course = detail.data.course;
  const editable = course.abilities.edit;
  // A trainer may not add files to a published course: the upload card explains instead.
  const addBlocked = adminOnlyReason(course, 'add_content');
  const index = detail.data.modules.findIndex((m) => m.id === id);
  return (
    <PageContainer>
      <Button
        component={RouterLink}
        to={`/courses/edit-course/${course.id}`}
        startIcon={<ArrowBack />}
        sx={{ mb: 1 }}
      >
        {course.title}
      </Button>
      <PageHeader
        title={module.data.title}
        subtitle={
          index >= 0
            ? `Module ${index + 1} of ${detail.data.modules.length} in ${course.title}`
            : course.title
        }
      />
      {!editable && (
        <Alert severity="info" sx={{ mb: 3 }}>
          This course is {course.status} and cannot be edited by you, so the module is shown
          read-only.
        </Alert>
      )}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack spacing={3}>
            <ModuleFilesSection module={module.data} editable={editable} addBlocked={addBlocked} />
            <SectionCard title="Module details">
              <ModuleDetailsForm module={module.data} editable={editable} />
            </SectionCard>
          </Stack>
        </Grid>
        {editable && !addBlocked && (
          <Grid size={{ xs: 12, md: 5 }}>
            <SectionCard
              title="Upload and attach"
              subtitle="The file goes into the repository and is attached to this module."
            >
              <Stack spacing={1.5}>
                <FormControlLabel
                  control={<Switch checked={required} onChange={(_e, on) => setRequired(on)} />}
                  label="Required to complete the module"
                />
                <RepositoryUpload
                  buttonLabel="Upload a file"
                  onUploaded={(file) => attach.mutate({ file: file.id, required })}
                />
                {/* 3D models and 360° images become scenes in the studio, then attach from the repository. */}
                <Button
                  component={RouterLink}
                  to="/ar-vr-studio"
                  size="small"
                  sx={{ alignSelf: 'flex-start' }}
                >
                  Make a 3D or 360° scene in the AR/VR studio
                </Button>
              </Stack>
            </SectionCard>
          </Grid>
        )}
      </Grid>
    </PageContainer>
  );
}
