import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { useAssignedCourses } from '../api/enrolment.api.ts';
import { CourseGrid, CourseGridToolbar } from '../components/enrolment/course-grid.tsx';
import { AssignedCourseCard } from '../components/enrolment/my-course-card.tsx';

type StatusFilter = 'all' | 'enrolled' | 'completed';
const PAGE_SIZE = 12;

/** '/asssigned_course': the caller's own courses (staff too), with progress and status. */
export default function AssignedCoursesPage() {
  const [status, setStatus] = useState<StatusFilter>('all');
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search);
  const [page, setPage] = useState(1);
  const list = useAssignedCourses({
    search: debounced.trim() || undefined,
    enrolment_status: status === 'all' ? undefined : status,
    page,
    page_size: PAGE_SIZE,
  });

  return (
    <PageContainer>
      <PageHeader
        title="My courses"
        subtitle="Courses you are enrolled in and those you have completed."
        actions={
          <Button component={RouterLink} to="/unasssigned_course" variant="outlined">
            Find more courses
          </Button>
        }
      />
      <CourseGridToolbar
        search={search}
        onSearch={(value) => {
          setSearch(value);
          setPage(1);
        }}
      >
        <ToggleButtonGroup
          exclusive
          size="small"
          value={status}
          aria-label="Status"
          onChange={(_event, next: StatusFilter | null) => {
            if (!next) return;
            setStatus(next);
            setPage(1);
          }}
        >
          <ToggleButton value="all">All</ToggleButton>
          <ToggleButton value="enrolled">In progress</ToggleButton>
          <ToggleButton value="completed">Completed</ToggleButton>
        </ToggleButtonGroup>
      </CourseGridToolbar>
      <CourseGrid
        label="my courses"
        query={list}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
        emptyIcon={<SchoolOutlined />}
        empty={
          debounced || status !== 'all'
            ? 'No courses match these filters.'
            : 'You are not enrolled in any course yet. Request one from Find more courses.'
        }
        renderCard={(course) => <AssignedCourseCard course={course} />}
      />
    </PageContainer>
  );
}
