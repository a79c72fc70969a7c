import { plainTextError, REVIEW_COMMENT_MAX } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';
import { reviewFailure, usePostReview, useRefreshMyReviews } from '../../api/reviews.api.ts';
import { StarRatingInput } from './star-rating.tsx';

/**
 * Spec §4 review post: empty → posting → success (the form clears, the snackbar thanks) or failure
 * (the first non_field_errors message, shown here and in the snackbar; the form clears too).
 */
export function ReviewForm({ courseId, courseTitle }: { courseId: number; courseTitle: string }) {
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [missingRating, setMissingRating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const post = usePostReview(courseId);
  const refreshMine = useRefreshMyReviews();
  const commentId = useId();
  // The server refuses markup in the comment; say so here rather than lose the text on failure.
  const commentError = plainTextError(comment);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!rating) {
      setMissingRating(true);
      return;
    }
    if (commentError) return;
    setFailure(null);
    post.mutate(
      { rating, comment: comment.trim() },
      {
        onSuccess: () => void refreshMine(),
        onError: (error) => setFailure(reviewFailure(error)),
        onSettled: () => {
          setRating(null);
          setComment('');
        },
      },
    );
  };

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      spacing={1.5}
      aria-label={`Review of ${courseTitle}`}
    >
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      <StarRatingInput
        name={`rating-${courseId}`}
        label="Your rating"
        value={rating}
        disabled={post.isPending}
        onChange={(value) => {
          setRating(value);
          setMissingRating(false);
        }}
        error={missingRating ? 'Choose 1 to 5 stars.' : undefined}
      />
      <TextField
        id={commentId}
        label="Comment (optional)"
        multiline
        minRows={2}
        maxRows={8}
        value={comment}
        disabled={post.isPending}
        onChange={(event) => setComment(event.target.value)}
        slotProps={{ htmlInput: { maxLength: REVIEW_COMMENT_MAX } }}
        error={Boolean(commentError)}
        helperText={commentError ?? `${comment.length}/${REVIEW_COMMENT_MAX}`}
      />
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" loading={post.isPending}>
          Post review
        </Button>
      </Stack>
    </Stack>
  );
}
