import type { TPlagiarismMatch } from '@atrium/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, useId } from 'react';
import { type Piece, pieces } from './highlight.ts';

/** Each piece with its offset in the text: a stable key (pieces never share an offset). */
const withOffsets = (list: Piece[]) => {
  let at = 0;
  return list.map((piece) => {
    const item = { piece, at };
    at += piece.text.length;
    return item;
  });
};

type Side = 'mine' | 'theirs';

/**
 * The checked text and the other text side by side (stacked on phones), matched passages
 * highlighted with the same number on both sides. Clicking a passage (or Enter on it) scrolls its
 * pair into view and focuses it.
 */
export function SideBySide({
  text,
  match,
  mineTitle,
}: {
  text: string;
  match: TPlagiarismMatch;
  mineTitle: string;
}) {
  const base = useId();
  const idOf = (side: Side, passage: number) => `${base}-${side}-${passage}`;
  const jump = (to: Side, passage: number) => {
    const el = document.getElementById(idOf(to, passage));
    el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    el?.focus({ preventScroll: true });
  };
  const mine = match.passages.map((p, i) => ({ start: p.start, end: p.end, passage: i }));
  const theirs = match.passages.map((p, i) => ({
    start: p.other_start,
    end: p.other_end,
    passage: i,
  }));
  const otherTitle = match.other_visible
    ? `${match.other.learner.fullname} · ${match.other.assignment.title}`
    : `Another course: ${match.other.course.title}`;

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <Pane
        title={mineTitle}
        text={text}
        ranges={mine}
        side="mine"
        idOf={idOf}
        onJump={(i) => jump('theirs', i)}
      />
      {match.other_visible ? (
        <Pane
          title={otherTitle}
          text={match.other_text}
          ranges={theirs}
          side="theirs"
          idOf={idOf}
          onJump={(i) => jump('mine', i)}
        />
      ) : (
        <Paper variant="outlined" sx={{ flex: 1, p: 2 }}>
          <Typography variant="subtitle2" component="h3">
            {otherTitle}
          </Typography>
          <Typography sx={{ color: 'text.secondary', mt: 1 }}>
            This submission belongs to a course you do not manage, so its text is not shown. The
            passages it shares are highlighted in this submission.
          </Typography>
        </Paper>
      )}
    </Stack>
  );
}

function Pane({
  title,
  text,
  ranges,
  side,
  idOf,
  onJump,
}: {
  title: string;
  text: string;
  ranges: { start: number; end: number; passage: number }[];
  side: Side;
  idOf: (side: Side, passage: number) => string;
  onJump: (passage: number) => void;
}) {
  const keyed = (passage: number) => (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onJump(passage);
    }
  };
  return (
    <Paper variant="outlined" sx={{ flex: 1, minWidth: 0 }}>
      <Typography
        variant="subtitle2"
        component="h3"
        sx={{ px: 2, pt: 1.5, overflowWrap: 'anywhere' }}
      >
        {title}
      </Typography>
      <Box
        sx={{
          p: 2,
          maxHeight: { xs: 360, md: '60vh' },
          overflow: 'auto',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          fontSize: '0.95rem',
          lineHeight: 1.6,
        }}
      >
        {withOffsets(pieces(text, ranges)).map(({ piece: p, at }) =>
          p.passage === null ? (
            <span key={at}>{p.text}</span>
          ) : (
            <Box
              component="mark"
              key={at}
              id={idOf(side, p.passage)}
              tabIndex={0}
              role="button"
              // Its name is its own text (what people see); the title says what a click does.
              title="Show the matching passage in the other text"
              data-passage={p.passage + 1}
              onClick={() => onJump(p.passage!)}
              onKeyDown={keyed(p.passage)}
              sx={(theme) => ({
                cursor: 'pointer',
                color: 'inherit',
                borderRadius: 0.5,
                bgcolor: alpha(
                  theme.palette.warning.main,
                  theme.palette.mode === 'dark' ? 0.35 : 0.3,
                ),
                '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}` },
              })}
            >
              <Box
                component="sup"
                aria-hidden
                sx={{ fontWeight: 700, fontSize: '0.7em', mr: 0.25 }}
              >
                {p.passage + 1}
              </Box>
              {p.text}
            </Box>
          ),
        )}
      </Box>
    </Paper>
  );
}
