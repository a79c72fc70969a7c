import type { TAttemptItem, TQuestionAnswer } from '@atrium/contract';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import FlagRounded from '@mui/icons-material/FlagRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { memo } from 'react';
import { downloadAttemptFile, uploadAttemptFile } from '../api/attempts.api.ts';
import { QuestionHtml, QuestionRenderer } from '../questions/index.ts';

/**
 * One page's questions. Memoised: the countdown re-renders the screen every second, and the
 * questions (an essay's editor among them) only need to when an answer or flag changes.
 */
export const PageQuestions = memo(function PageQuestions({
  attemptId,
  items,
  numberOf,
  answers,
  flags,
  timeUp,
  setAnswer,
  toggleFlag,
}: {
  attemptId: number;
  items: TAttemptItem[];
  numberOf: ReadonlyMap<number, number>;
  answers: Record<number, TQuestionAnswer | null>;
  flags: Record<number, boolean>;
  timeUp: boolean;
  setAnswer: (item: number, answer: TQuestionAnswer) => void;
  toggleFlag: (item: number) => void;
}) {
  return items.map((it) => {
    const number = numberOf.get(it.item) ?? 0;
    const isFlagged = Boolean(flags[it.item]);
    return (
      <Box
        key={it.item}
        id={`attempt-item-${it.item}`}
        tabIndex={-1}
        sx={{ outline: 'none', scrollMarginTop: 80 }}
      >
        <QuestionRenderer
          view={it.question}
          answer={answers[it.item] ?? null}
          onChange={(answer) => setAnswer(it.item, answer)}
          mode={timeUp ? 'review' : 'answer'}
          number={number}
          points={it.points}
          files={{
            upload: (file, onProgress) => uploadAttemptFile(attemptId, it.item, file, onProgress),
            download: (file) => downloadAttemptFile(attemptId, file),
          }}
          actions={
            <Tooltip title={isFlagged ? 'Remove the flag' : 'Flag for review'}>
              <IconButton
                aria-pressed={isFlagged}
                aria-label={`Flag question ${number} for review`}
                onClick={() => toggleFlag(it.item)}
                sx={{ color: isFlagged ? 'warning.main' : 'text.secondary' }}
              >
                {isFlagged ? <FlagRounded /> : <FlagOutlined />}
              </IconButton>
            </Tooltip>
          }
          footer={
            it.feedback ? (
              <Alert severity={it.correct ? 'success' : 'info'} icon={false} sx={{ mt: 2 }}>
                <QuestionHtml html={it.feedback} />
              </Alert>
            ) : undefined
          }
        />
      </Box>
    );
  });
});
