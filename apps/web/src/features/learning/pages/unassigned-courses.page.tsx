import ExploreOutlined from '@mui/icons-material/ExploreOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { useUnassignedCourses } from '../api/enrolment.api.ts';
import { CourseGrid, CourseGridToolbar } from '../components/enrolment/course-grid.tsx';
import { JoinCourseCard } from '../components/enrolment/my-course-card.tsx';

const PAGE_SIZE = 12;

/**
 * '/unasssigned_course': published courses the caller is not enrolled in, to request; a course
 * with a pending request shows it as pending until a manager decides.
 */
export default function UnassignedCoursesPage() {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search);
  const [page, setPage] = useState(1);
  const list = useUnassignedCourses({
    search: debounced.trim() || undefined,
    ordering: 'title',
    page,
    page_size: PAGE_SIZE,
  });

  return (
    <PageContainer>
      <PageHeader
        title="Find courses"
        subtitle="Published courses you are not enrolled in. Request one and a trainer or administrator decides."
        actions={
          <Button component={RouterLink} to="/requests" variant="outlined">
            My requests
          </Button>
        }
      />
      <CourseGridToolbar
        search={search}
        onSearch={(value) => {
          setSearch(value);
          setPage(1);
        }}
      />
      <CourseGrid
        label="courses to join"
        query={list}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
        emptyIcon={<ExploreOutlined />}
        empty={
          debounced
            ? 'No courses match this search.'
            : 'You are enrolled in every published course. Well done.'
        }
        renderCard={(course) => <JoinCourseCard course={course} />}
      />
    </PageContainer>
  );
}
