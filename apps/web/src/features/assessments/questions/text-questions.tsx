import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { QuestionHtml } from './question-html.tsx';
import { type TypeProps, wordCount } from './question-model.ts';
import { ReviewMark } from './review-mark.tsx';

// Its own chunk: ProseMirror loads only for essays.
const RichTextEditor = lazy(() => import('../../../shared/ui/rich-text/rich-text-editor.tsx'));

/** The right answer under a typed one, in review. */
function SolutionLine({ text }: { text: string }) {
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', mt: 1, flexWrap: 'wrap' }}>
      <ReviewMark kind="missed" />
      <Typography sx={{ overflowWrap: 'anywhere' }}>{text}</Typography>
    </Stack>
  );
}

export function ShortAnswerQuestion({
  answer,
  onChange,
  readOnly,
  solution,
  labelId,
}: TypeProps<'short_answer'>) {
  return (
    <Box>
      <TextField
        fullWidth
        value={answer?.text ?? ''}
        onChange={(e) => onChange({ type: 'short_answer', text: e.target.value })}
        slotProps={{
          htmlInput: { 'aria-labelledby': labelId, maxLength: 1000, readOnly },
        }}
        placeholder={readOnly ? 'No answer' : 'Your answer'}
      />
      {solution && solution.text !== answer?.text && <SolutionLine text={solution.text} />}
    </Box>
  );
}

/**
 * The number as typed (so "1." or "-" can be on the way to a number); the answer is the parsed
 * value, null while the text is not a number. A comma is read as a decimal point.
 */
export function NumericQuestion({
  answer,
  onChange,
  readOnly,
  solution,
  labelId,
}: TypeProps<'numeric'>) {
  const value = answer?.value ?? null;
  const [text, setText] = useState(value === null ? '' : String(value));
  useEffect(() => {
    setText((t) => (parseNumber(t) === value ? t : value === null ? '' : String(value)));
  }, [value]);
  const invalid = text.trim() !== '' && parseNumber(text) === null;
  const helpId = useId();
  return (
    <Box>
      <TextField
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onChange({ type: 'numeric', value: parseNumber(e.target.value) });
        }}
        error={invalid}
        helperText={invalid ? 'Enter a number, such as 12.5.' : undefined}
        slotProps={{
          htmlInput: {
            'aria-labelledby': labelId,
            inputMode: 'decimal',
            readOnly,
            'aria-describedby': invalid ? helpId : undefined,
          },
          formHelperText: { id: helpId },
        }}
        placeholder={readOnly ? 'No answer' : 'A number'}
        sx={{ maxWidth: 260, width: '100%' }}
      />
      {solution && solution.value !== null && solution.value !== value && (
        <SolutionLine text={String(solution.value)} />
      )}
    </Box>
  );
}

export function parseNumber(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

export function EssayQuestion({ view, answer, onChange, readOnly, labelId }: TypeProps<'essay'>) {
  const text = answer?.text ?? '';
  const words = wordCount(text);
  const helpId = useId();
  const limits = [
    view.min_words !== null ? `at least ${view.min_words}` : null,
    view.max_words !== null ? `at most ${view.max_words}` : null,
  ].filter(Boolean);
  const outside =
    (view.min_words !== null && words > 0 && words < view.min_words) ||
    (view.max_words !== null && words > view.max_words);
  if (readOnly)
    return (
      <Paper variant="outlined" sx={{ p: 2 }}>
        {text ? (
          <QuestionHtml html={text} />
        ) : (
          <Typography sx={{ color: 'text.secondary' }}>No answer</Typography>
        )}
      </Paper>
    );
  return (
    <Box>
      <Suspense
        fallback={<Skeleton variant="rounded" height={190} aria-label="Loading the editor" />}
      >
        <RichTextEditor
          value={text}
          onChange={(html) => onChange({ type: 'essay', text: html })}
          labelId={labelId}
          describedBy={helpId}
        />
      </Suspense>
      <FormHelperText id={helpId} error={outside} sx={{ mx: 1.75 }}>
        {words} {words === 1 ? 'word' : 'words'}
        {limits.length > 0 && ` (${limits.join(' and ')})`}
      </FormHelperText>
    </Box>
  );
}
