import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { QuestionHtml } from './question-html.tsx';
import type { TypeProps } from './question-model.ts';
import { choiceMark, ReviewMark } from './review-mark.tsx';

/** Strips tags for the plain labels a select's menu can hold. */
const plain = (html: string) => html.replace(/<[^>]*>/g, '').trim();

function PremiseRow({
  premise,
  responses,
  value,
  correctId,
  readOnly,
  onSelect,
}: {
  premise: { id: string; text: string };
  responses: { id: string; text: string }[];
  value: string;
  correctId: string | null;
  readOnly: boolean;
  onSelect: (responseId: string) => void;
}) {
  const premiseId = useId();
  const labelId = useId();
  const mark = correctId === null ? null : choiceMark(true, value === correctId);
  const correct = responses.find((r) => r.id === correctId);
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      sx={{
        gap: 1.5,
        alignItems: { sm: 'center' },
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <QuestionHtml id={premiseId} html={premise.text} sx={{ flex: 1, minWidth: 0 }} />
      <Stack sx={{ flex: 1, minWidth: 0, gap: 0.5 }}>
        <FormControl size="small" fullWidth>
          <InputLabel id={labelId}>Match</InputLabel>
          <Select
            labelId={labelId}
            label="Match"
            value={value}
            readOnly={readOnly}
            onChange={(e) => onSelect(e.target.value)}
            inputProps={{ 'aria-labelledby': `${labelId} ${premiseId}` }}
            SelectDisplayProps={{ 'aria-labelledby': `${labelId} ${premiseId}` } as object}
          >
            <MenuItem value="">
              <em>No answer</em>
            </MenuItem>
            {responses.map((r) => (
              <MenuItem key={r.id} value={r.id} sx={{ whiteSpace: 'normal' }}>
                {plain(r.text)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        {mark && (
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <ReviewMark kind={value ? mark : 'wrong'} />
            {mark === 'wrong' && correct && <span>Correct: {plain(correct.text)}</span>}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}

/** A select per premise; the responses (distractors included) come shuffled by the server. */
export function MatchingQuestion({
  view,
  answer,
  onChange,
  readOnly,
  solution,
  labelId,
}: TypeProps<'matching'>) {
  const pairs = answer?.pairs ?? {};
  const select = (premise: string, response: string) => {
    const next = { ...pairs };
    if (response === '') delete next[premise];
    else next[premise] = response;
    onChange({ type: 'matching', pairs: next });
  };
  return (
    <Stack role="group" aria-labelledby={labelId}>
      {view.premises.map((p) => (
        <PremiseRow
          key={p.id}
          premise={p}
          responses={view.responses}
          value={pairs[p.id] ?? ''}
          correctId={solution ? (solution.pairs[p.id] ?? null) : null}
          readOnly={readOnly}
          onSelect={(r) => select(p.id, r)}
        />
      ))}
    </Stack>
  );
}
