import { FEEDBACK_COMMENT_MAX } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { useSendFeedback } from '../api/support.api.ts';

/**
 * A path within the app, or null: what `?from=` or the referrer names, when it is this app's.
 * Anything else (another site, `//host`, the feedback page itself) rates the product instead.
 */
export function pageFrom(from: string | null, referrer: string, origin: string): string | null {
  let path: string | null = null;
  if (from?.startsWith('/') && !from.startsWith('//')) path = from;
  else if (referrer) {
    try {
      const url = new URL(referrer);
      if (url.origin === origin) path = `${url.pathname}${url.search}`;
    } catch {
      path = null;
    }
  }
  if (!path || path.startsWith('/feedback') || /\s/.test(path)) return null;
  return path.slice(0, 500);
}

/** Rating the product or the page the person came from, 1 to 5, with an optional comment. */
export function FeedbackForm({ fromPage }: { fromPage: string | null }) {
  const send = useSendFeedback();
  const [rating, setRating] = useState<number | null>(null);
  const [about, setAbout] = useState<'page' | 'product'>(fromPage ? 'page' : 'product');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const commentError =
    send.error instanceof ApiError ? send.error.fieldErrors.comment?.join(' ') : undefined;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (rating === null) {
      setError('Choose a rating from 1 to 5.');
      return;
    }
    try {
      await send.mutateAsync({
        rating,
        page: about === 'page' ? fromPage : null,
        ...(comment.trim() ? { comment: comment.trim() } : {}),
      });
      setDone(true);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  if (done) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="success">Thank you for your feedback.</Alert>
        <Button
          onClick={() => {
            setDone(false);
            setRating(null);
            setComment('');
          }}
        >
          Give more feedback
        </Button>
      </Stack>
    );
  }

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label="Feedback">
      {error && <Alert severity="error">{error}</Alert>}
      {fromPage && (
        <div>
          <FormLabel id="feedback-about">What are you rating?</FormLabel>
          <RadioGroup
            aria-labelledby="feedback-about"
            value={about}
            onChange={(e) => setAbout(e.target.value as 'page' | 'product')}
          >
            <FormControlLabel
              value="page"
              control={<Radio />}
              label={
                <span>
                  The page <code style={{ overflowWrap: 'anywhere' }}>{fromPage}</code>
                </span>
              }
            />
            <FormControlLabel value="product" control={<Radio />} label="The product as a whole" />
          </RadioGroup>
        </div>
      )}
      <div>
        <Typography component="legend" id="feedback-rating">
          Your rating
        </Typography>
        <Rating
          name="rating"
          value={rating}
          onChange={(_e, value) => setRating(value)}
          size="large"
          aria-labelledby="feedback-rating"
        />
      </div>
      <TextField
        label="Comment (optional)"
        multiline
        minRows={4}
        fullWidth
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        error={commentError !== undefined}
        helperText={commentError ?? `${comment.length} / ${FEEDBACK_COMMENT_MAX}`}
        slotProps={{ htmlInput: { maxLength: FEEDBACK_COMMENT_MAX } }}
      />
      <div>
        <Button type="submit" variant="contained" disabled={send.isPending}>
          Send feedback
        </Button>
      </div>
    </Stack>
  );
}
