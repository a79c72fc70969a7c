import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useState } from 'react';
import { DEFAULT_EVENTS, type EventsType, useIdleTimer } from 'react-idle-timer';
import type { IdlePolicy } from './idle-policy.ts';

/** Spec §4: mouse move, key press or scroll reset the timer (scroll is not a default event). */
const ACTIVITY_EVENTS: EventsType[] = [...DEFAULT_EVENTS, 'scroll'];

interface IdleGuardProps {
  policy: IdlePolicy;
  signOut: (options?: { silent?: boolean }) => Promise<void>;
}

function minutesText(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * The idle timeout of spec §4/§9 for a signed-in user. react-idle-timer notices activity; once a
 * minute the guard looks whether the user has gone idle, then prompts (Yes restarts the timer)
 * or, for organisations that chose it, signs out without asking.
 */
export function IdleGuard({ policy, signOut }: IdleGuardProps) {
  const [prompting, setPrompting] = useState(false);
  const { isIdle, reset } = useIdleTimer({
    timeout: policy.idleAfterMs,
    eventsThrottle: policy.activityThrottleMs,
    events: ACTIVITY_EVENTS,
  });

  useEffect(() => {
    const tick = setInterval(() => {
      if (!isIdle()) return;
      if (policy.mode === 'logout') {
        clearInterval(tick);
        void signOut({ silent: true });
      } else {
        setPrompting(true);
      }
    }, policy.checkEveryMs);
    return () => clearInterval(tick);
  }, [isIdle, policy, signOut]);

  const stay = () => {
    reset();
    setPrompting(false);
  };

  return (
    <Dialog
      open={prompting}
      onClose={stay}
      aria-labelledby="idle-prompt-title"
      aria-describedby="idle-prompt-text"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="idle-prompt-title">Are you still there?</DialogTitle>
      <DialogContent>
        <DialogContentText id="idle-prompt-text">
          You have been inactive for {minutesText(policy.idleAfterMs)}. Do you want to stay signed
          in?
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1, flexWrap: 'wrap' }}>
        <Button color="inherit" onClick={() => void signOut()}>
          Sign out
        </Button>
        <Button variant="contained" onClick={stay} autoFocus>
          Yes, keep me signed in
        </Button>
      </DialogActions>
    </Dialog>
  );
}
