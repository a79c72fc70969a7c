import { REVIEW_COMMENT_MAX } from '@atrium/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { FormDialog } from '../../../../shared/ui/form-dialog.tsx';
import { usePostReview } from '../../api/reviews.api.ts';

const RATING_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/**
 * Rate the course (1 to 5 stars) with an optional comment. Spec §4: the form starts empty, a post
 * ends in a success or failure message (the first non_field_errors one), and the form is cleared.
 */
export function ReviewDialog({
  courseId,
  open,
  onClose,
}: {
  courseId: number;
  open: boolean;
  onClose: () => void;
}) {
  const post = usePostReview(courseId);
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const labelId = useId();

  const clear = () => {
    setRating(null);
    setComment('');
    setMissing(false);
  };

  const submit = () => {
    if (!rating) {
      setMissing(true);
      return;
    }
    post.mutate(
      { rating, comment },
      {
        onSuccess: () => {
          clear();
          onClose();
        },
        onError: clear,
      },
    );
  };

  return (
    <FormDialog open={open} title="Review this course" onClose={onClose}>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack spacing={2.5}>
          <Box>
            <FormLabel id={labelId} required>
              Your rating
            </FormLabel>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mt: 0.5 }}>
              <Rating
                name="rating"
                value={rating}
                size="large"
                onChange={(_event, value) => {
                  setRating(value);
                  setMissing(false);
                }}
                getLabelText={(value) => `${value} star${value === 1 ? '' : 's'}`}
                aria-labelledby={labelId}
              />
              <Box sx={{ color: 'text.secondary' }}>{rating ? RATING_WORDS[rating] : ''}</Box>
            </Stack>
            {missing && <FormHelperText error>Choose 1 to 5 stars.</FormHelperText>}
          </Box>
          <TextField
            label="Comment (optional)"
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            multiline
            minRows={3}
            slotProps={{ htmlInput: { maxLength: REVIEW_COMMENT_MAX } }}
            helperText={`${comment.length}/${REVIEW_COMMENT_MAX}`}
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="contained" loading={post.isPending}>
              Post review
            </Button>
          </Stack>
        </Stack>
      </Box>
    </FormDialog>
  );
}
