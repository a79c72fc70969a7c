import type { TApprovalTransition } from '@atrium/contract';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoment } from '../../approval-query.ts';

type Action = TApprovalTransition['action'];

const ACTION_TEXT: Record<Action, string> = {
  requested: 'Requested',
  approved_level: 'Approved a level',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
  escalated: 'Escalated',
  auto_approved: 'Approved automatically',
};

const TONE: Record<Action, string> = {
  requested: 'primary.main',
  approved_level: 'success.main',
  approved: 'success.main',
  auto_approved: 'success.main',
  rejected: 'error.main',
  withdrawn: 'text.disabled',
  expired: 'text.disabled',
  escalated: 'warning.main',
};

/** What happened, in one line: "Approved level 1 — Ada Admin for Bo Boss". */
export function transitionTitle(t: TApprovalTransition): string {
  const action =
    t.action === 'approved_level'
      ? `Approved level ${t.level}`
      : t.action === 'escalated'
        ? `Escalated at level ${t.level}`
        : ACTION_TEXT[t.action];
  if (!t.actor) return action;
  const who = t.on_behalf_of
    ? `${t.actor.fullname} for ${t.on_behalf_of.fullname}`
    : t.actor.fullname;
  return `${action} by ${who}`;
}

/**
 * A request's history as a vertical timeline, oldest first: each step's action, level, who acted
 * (and for whom, when a delegate did), the comment and the moment. An ordered list, so screen
 * readers announce the steps and their count.
 */
export function RequestHistory({ history }: { history: TApprovalTransition[] }) {
  if (history.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        No history yet.
      </Typography>
    );
  }
  return (
    <Box component="ol" aria-label="History" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {history.map((t, index) => {
        const last = index === history.length - 1;
        return (
          <Box component="li" key={t.id} sx={{ display: 'flex', gap: 1.5 }}>
            <Stack sx={{ alignItems: 'center', pt: 0.75 }} aria-hidden>
              <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: TONE[t.action] }} />
              {!last && <Box sx={{ flex: 1, width: 2, bgcolor: 'divider', my: 0.5 }} />}
            </Stack>
            <Stack spacing={0.25} sx={{ pb: last ? 0 : 2, minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {transitionTitle(t)}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                <time dateTime={t.created_at}>{formatMoment(t.created_at)}</time> · level {t.level}
              </Typography>
              {t.comment && (
                <Typography
                  variant="body2"
                  sx={{
                    mt: 0.5,
                    pl: 1,
                    borderLeft: 2,
                    borderColor: 'divider',
                    whiteSpace: 'pre-wrap',
                    overflowWrap: 'anywhere',
                  }}
                >
                  {t.comment}
                </Typography>
              )}
            </Stack>
          </Box>
        );
      })}
    </Box>
  );
}
