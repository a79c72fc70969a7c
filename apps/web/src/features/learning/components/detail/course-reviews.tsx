import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Divider from '@mui/material/Divider';
import Pagination from '@mui/material/Pagination';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { initials } from '../../../../shared/format/initials.ts';
import { pageCount } from '../../../catalogue/index.ts';
import { useCourseReviews } from '../../api/reviews.api.ts';
import { ratingLabel, roundToHalf } from '../../rating.ts';

const PAGE_SIZE = 5;
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** The average rating over every review, then the reviews a page at a time. */
export function CourseReviews({ courseId }: { courseId: number }) {
  const [page, setPage] = useState(1);
  const reviews = useCourseReviews(courseId, page, PAGE_SIZE);
  if (reviews.isPending) return <Skeleton height={120} />;
  if (reviews.isError) return <Alert severity="error">{errorMessage(reviews.error)}</Alert>;
  const { average_rating: average, count, results } = reviews.data;
  const label = ratingLabel(average, count);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        {average !== null && (
          <Typography sx={{ fontSize: '2rem', fontWeight: 700, lineHeight: 1 }}>
            {average.toFixed(1)}
          </Typography>
        )}
        <Stack>
          <Rating value={roundToHalf(average ?? 0)} precision={0.5} readOnly aria-label={label} />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {count === 0 ? 'No reviews yet' : `${count} review${count === 1 ? '' : 's'}`}
          </Typography>
        </Stack>
      </Stack>
      {results.length > 0 && (
        <Stack divider={<Divider flexItem />} spacing={1.5}>
          {results.map((review) => (
            <Stack key={review.id} direction="row" spacing={1.5}>
              <Avatar sx={{ width: 36, height: 36, bgcolor: 'secondary.main', fontSize: '0.9rem' }}>
                {initials(review.user.fullname)}
              </Avatar>
              <Stack sx={{ minWidth: 0, flex: 1 }}>
                <Stack
                  direction="row"
                  spacing={1}
                  useFlexGap
                  sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                >
                  <Typography sx={{ fontWeight: 600 }}>{review.user.fullname}</Typography>
                  <Rating
                    value={review.rating}
                    readOnly
                    size="small"
                    aria-label={`${review.rating} out of 5`}
                  />
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {dateFormat.format(new Date(review.created_at))}
                  </Typography>
                </Stack>
                {review.comment && (
                  <Typography
                    variant="body2"
                    sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
                  >
                    {review.comment}
                  </Typography>
                )}
              </Stack>
            </Stack>
          ))}
        </Stack>
      )}
      {count > PAGE_SIZE && (
        <Pagination
          count={pageCount(count, PAGE_SIZE)}
          page={page}
          onChange={(_event, next) => setPage(next)}
          size="small"
          sx={{ alignSelf: 'center' }}
        />
      )}
    </Stack>
  );
}
