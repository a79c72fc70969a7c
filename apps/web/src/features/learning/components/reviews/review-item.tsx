import type { TReview } from '@atrium/contract';
import Avatar from '@mui/material/Avatar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDate } from '../enrolment/enrolment-logic.ts';
import { StarRatingDisplay } from './star-rating.tsx';

/** One review: who, when, how many stars and what they said. */
export function ReviewItem({
  review,
  showAuthor = true,
}: {
  review: TReview;
  showAuthor?: boolean;
}) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ py: 1.5 }}>
      {showAuthor && (
        <Avatar sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }} aria-hidden>
          {review.user.fullname.charAt(0).toUpperCase()}
        </Avatar>
      )}
      <Stack sx={{ minWidth: 0, flex: 1 }} spacing={0.25}>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        >
          {showAuthor && (
            <Typography variant="subtitle2" component="span">
              {review.user.fullname}
            </Typography>
          )}
          <StarRatingDisplay value={review.rating} />
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {formatDate(review.created_at)}
          </Typography>
        </Stack>
        {review.comment ? (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {review.comment}
          </Typography>
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
            No comment.
          </Typography>
        )}
      </Stack>
    </Stack>
  );
}
