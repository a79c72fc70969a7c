import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import TablePagination from '@mui/material/TablePagination';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { EmptyState } from '../../../shared/ui/section-card.tsx';
import { COURSE_MESSAGES } from '../../catalogue/index.ts';
import { useMyReviews } from '../api/reviews.api.ts';
import { formatDate } from '../components/enrolment/enrolment-logic.ts';
import { EnrolmentStatusChip } from '../components/enrolment/enrolment-status-chip.tsx';
import { ListLoading } from '../components/enrolment/list-loading.tsx';
import { ReviewForm } from '../components/reviews/review-form.tsx';
import { ReviewItem } from '../components/reviews/review-item.tsx';

type TabKey = 'to_review' | 'reviewed';
const PAGE_SIZES = [5, 10, 25];

/** '/reviewlist': the courses the caller may still review, and the reviews they wrote. */
export default function ReviewListPage() {
  const [tab, setTab] = useState<TabKey>('to_review');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(5);
  const list = useMyReviews(tab, page + 1, pageSize);
  const rows = list.data?.results;

  return (
    <PageContainer maxWidth={960}>
      <PageHeader
        title="My reviews"
        subtitle="Rate the courses you take part in and see what you have written."
      />
      <Card>
        <Tabs
          value={tab}
          onChange={(_event, next: TabKey) => {
            setTab(next);
            setPage(0);
          }}
          aria-label="Reviews"
          variant="fullWidth"
        >
          <Tab value="to_review" label="To review" id="tab-to_review" aria-controls="panel" />
          <Tab value="reviewed" label="Written" id="tab-reviewed" aria-controls="panel" />
        </Tabs>
        <Divider />
        <LinearProgress
          aria-label="Loading reviews"
          sx={{ visibility: list.isFetching && rows ? 'visible' : 'hidden' }}
        />
        <div id="panel" role="tabpanel" aria-labelledby={`tab-${tab}`}>
          {list.isPending ? (
            <ListLoading label="Loading reviews" />
          ) : list.isError ? (
            <Alert severity="error" sx={{ m: 2 }}>
              {errorMessage(list.error, COURSE_MESSAGES.reviewsFailed)}
            </Alert>
          ) : rows?.length === 0 ? (
            <EmptyState icon={<RateReviewOutlined />}>
              {tab === 'to_review'
                ? 'Nothing to review: courses you are enrolled in show here until you review them.'
                : 'You have not reviewed any course yet.'}
            </EmptyState>
          ) : (
            <Stack divider={<Divider />}>
              {rows?.map((item) => (
                <CardContent key={item.course.id} sx={{ p: { xs: 2, sm: 3 } }}>
                  <Stack
                    direction="row"
                    spacing={1}
                    useFlexGap
                    sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}
                  >
                    <Link
                      component={RouterLink}
                      to={`/course-module/${item.course.id}`}
                      variant="h3"
                      underline="hover"
                      sx={{ fontSize: '1.05rem', fontWeight: 600, overflowWrap: 'anywhere' }}
                    >
                      {item.course.title}
                    </Link>
                    {item.enrolment_status && (
                      <EnrolmentStatusChip status={item.enrolment_status} />
                    )}
                    {item.completed_at && (
                      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                        Completed {formatDate(item.completed_at)}
                      </Typography>
                    )}
                  </Stack>
                  {item.review ? (
                    <ReviewItem review={item.review} showAuthor={false} />
                  ) : (
                    <ReviewForm courseId={item.course.id} courseTitle={item.course.title} />
                  )}
                </CardContent>
              ))}
            </Stack>
          )}
        </div>
        <Divider />
        <TablePagination
          component="div"
          count={list.data?.count ?? 0}
          page={list.data ? page : 0}
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
    </PageContainer>
  );
}
