import ArrowBack from '@mui/icons-material/ArrowBack';
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { EmptyState, SectionCard } from '../../../shared/ui/section-card.tsx';
import { COURSE_MESSAGES, useCourseDetail } from '../../catalogue/index.ts';
import { useCourseReviewStats } from '../api/reviews.api.ts';
import { ListLoading } from '../components/enrolment/list-loading.tsx';
import { RatingSummary } from '../components/reviews/rating-summary.tsx';
import { ReviewItem } from '../components/reviews/review-item.tsx';

const PAGE_SIZES = [10, 25, 50];

/** '/courses/course-review/:id' (staff): every review of a course with the rating breakdown. */
export default function CourseReviewsPage() {
  const courseId = Number(useParams().id);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(10);
  const course = useCourseDetail(courseId);
  const reviews = useCourseReviewStats(courseId, page + 1, pageSize);
  const data = reviews.data;
  const title = course.data?.course.title;

  return (
    <PageContainer maxWidth={1024}>
      <PageHeader
        title={title ? `Reviews of ${title}` : 'Course reviews'}
        subtitle="What learners think of this course."
        actions={
          <Button
            component={RouterLink}
            to={`/courses/course-detail/${courseId}`}
            startIcon={<ArrowBack />}
            variant="outlined"
          >
            Course
          </Button>
        }
      />
      {reviews.isError ? (
        <Alert severity="error">
          {errorMessage(reviews.error, COURSE_MESSAGES.learnerReviewsFailed)}
        </Alert>
      ) : !data ? (
        <ListLoading label="Loading reviews" />
      ) : (
        <Stack spacing={3}>
          <SectionCard title="Ratings">
            <RatingSummary
              average={data.average_rating}
              count={data.count}
              distribution={data.distribution}
            />
          </SectionCard>
          <Card component="section" aria-label="Reviews">
            <LinearProgress
              aria-label="Loading reviews"
              sx={{ visibility: reviews.isFetching ? 'visible' : 'hidden' }}
            />
            {data.results.length === 0 ? (
              <EmptyState icon={<RateReviewOutlined />}>
                No reviews yet. Learners enrolled in the course can review it from My reviews.
              </EmptyState>
            ) : (
              <CardContent sx={{ py: 0 }}>
                <Stack divider={<Divider />}>
                  {data.results.map((review) => (
                    <ReviewItem key={review.id} review={review} />
                  ))}
                </Stack>
              </CardContent>
            )}
            <Divider />
            <TablePagination
              component="div"
              count={data.count}
              page={page}
              onPageChange={(_event, next) => setPage(next)}
              rowsPerPage={pageSize}
              rowsPerPageOptions={PAGE_SIZES}
              onRowsPerPageChange={(event) => {
                setPageSize(Number(event.target.value));
                setPage(0);
              }}
              labelRowsPerPage="Per page"
            />
          </Card>
        </Stack>
      )}
    </PageContainer>
  );
}
