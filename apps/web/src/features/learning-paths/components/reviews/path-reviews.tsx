import type { TLearningPath } from '@atrium/contract';
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Pagination from '@mui/material/Pagination';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { EmptyState } from '../../../../shared/ui/section-card.tsx';
import { usePathReviews, usePostReview } from '../../api/reviews.api.ts';
import { formatDate, PATH_MESSAGES, plural } from '../../path-labels.ts';

const PAGE_SIZE = 10;

/** Posting one's review: once per learner, only when the server allows it (abilities.review). */
function ReviewForm({ pathId }: { pathId: number }) {
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const post = usePostReview(pathId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating === null) return;
    post.mutate({ rating, comment: comment.trim() });
  };
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={1.5}>
      <Typography variant="subtitle2" id="path-review-rating">
        Your review
      </Typography>
      {post.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(post.error, PATH_MESSAGES.reviewFailed)}
        </Alert>
      )}
      <Rating
        value={rating}
        onChange={(_event, value) => setRating(value)}
        aria-labelledby="path-review-rating"
      />
      <TextField
        label="Comment (optional)"
        multiline
        minRows={2}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      <Box>
        <Button
          type="submit"
          variant="contained"
          disabled={rating === null}
          loading={post.isPending}
        >
          Post review
        </Button>
      </Box>
    </Stack>
  );
}

/** The path's reviews: the average, a page of them, and the caller's form when allowed. */
export function PathReviews({ path }: { path: Pick<TLearningPath, 'id' | 'abilities'> }) {
  const [page, setPage] = useState(1);
  const reviews = usePathReviews(path.id, page, PAGE_SIZE);
  const data = reviews.data;
  return (
    <Stack spacing={2}>
      {path.abilities.review && (
        <>
          <ReviewForm pathId={path.id} />
          <Divider />
        </>
      )}
      {reviews.isError && !data ? (
        <Alert severity="error">{errorMessage(reviews.error, PATH_MESSAGES.reviewsFailed)}</Alert>
      ) : !data ? (
        <Stack spacing={1} aria-busy role="status" aria-label="Loading reviews">
          <Skeleton width="40%" />
          <Skeleton height={56} />
        </Stack>
      ) : data.count === 0 ? (
        <EmptyState icon={<RateReviewOutlined />}>No reviews yet.</EmptyState>
      ) : (
        <>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Rating value={data.average ?? 0} precision={0.1} readOnly size="small" />
            <Typography variant="body2">
              {data.average?.toFixed(1) ?? '–'} average · {plural(data.count, 'review')}
            </Typography>
          </Stack>
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {data.results.map((review) => (
              <Box component="li" key={review.id}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {review.user.fullname}
                  </Typography>
                  <Rating value={review.rating} readOnly size="small" />
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {formatDate(review.created_at)}
                  </Typography>
                </Stack>
                {review.comment && (
                  <Typography
                    variant="body2"
                    sx={{ mt: 0.5, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
                  >
                    {review.comment}
                  </Typography>
                )}
              </Box>
            ))}
          </Stack>
          {data.count > PAGE_SIZE && (
            <Pagination
              count={Math.ceil(data.count / PAGE_SIZE)}
              page={page}
              onChange={(_event, next) => setPage(next)}
              size="small"
              sx={{ alignSelf: 'center' }}
            />
          )}
        </>
      )}
    </Stack>
  );
}
