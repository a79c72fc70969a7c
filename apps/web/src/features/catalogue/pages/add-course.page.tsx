import { ROLE } from '@atrium/contract';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../shared/session/session-context.ts';
import { AccessNotice } from '../../../shared/ui/access-notice.tsx';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { useCreateCourse } from '../api/authoring.api.ts';
import { emptyCourseForm } from '../authoring/course-form.ts';
import { CourseForm } from '../components/authoring/course-form.tsx';
import { CourseImportPanel } from '../components/authoring/course-import-panel.tsx';

const TABS = ['form', 'import'] as const;

/** /courses/add-course: a new draft course through the form, or many from a spreadsheet. */
export default function AddCoursePage() {
  const { user } = useSession();
  const roleId = user?.role.id ?? ROLE.LEARNER;
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'import' ? 'import' : 'form';
  const create = useCreateCourse();
  const initial = useMemo(emptyCourseForm, []);

  if (roleId > ROLE.TRAINER)
    return (
      <AccessNotice title="You cannot add courses">
        Only trainers and administrators create courses. Ask an administrator if you need one.
      </AccessNotice>
    );

  // The import is admin-only on the server; trainers only get the form.
  const canImport = roleId <= ROLE.ADMIN;
  const shown = canImport ? tab : 'form';
  return (
    <PageContainer maxWidth={960}>
      <PageHeader
        title="Add a course"
        subtitle="New courses start as drafts: add modules and files, then publish or submit for review."
      />
      {canImport && (
        <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
          <Tabs
            value={TABS.indexOf(shown)}
            onChange={(_e, index: number) =>
              setParams(index === 1 ? { tab: 'import' } : {}, { replace: true })
            }
            variant="scrollable"
            allowScrollButtonsMobile
          >
            <Tab label="Course form" id="add-course-tab-form" aria-controls="add-course-panel" />
            <Tab
              label="Import from a spreadsheet"
              id="add-course-tab-import"
              aria-controls="add-course-panel"
            />
          </Tabs>
        </Box>
      )}
      <Card
        id="add-course-panel"
        role={canImport ? 'tabpanel' : undefined}
        aria-labelledby={canImport ? `add-course-tab-${shown}` : undefined}
      >
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          {shown === 'form' ? (
            <CourseForm
              initial={initial}
              submitLabel="Create course"
              save={async (form, onProgress) => {
                const course = await create.mutateAsync({ form, onProgress });
                navigate(`/courses/edit-course/${course.id}`);
              }}
            />
          ) : (
            <CourseImportPanel />
          )}
        </CardContent>
      </Card>
    </PageContainer>
  );
}
