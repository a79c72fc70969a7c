import { BADGE_AWARDED_LIVE, POINTS_AWARDED_LIVE, ZBadgeLive, ZPointsLive } from '@atrium/contract';
import { useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { SUCCESS_AUTO_HIDE_MS } from '../../../shared/notify/notify.ts';
import { useRealtime } from '../../../shared/realtime/index.ts';

/**
 * Live points and badges (issue 21): the server tells a learner's open tabs of each award; this
 * shows it ("+10 points", "New badge: X") and refetches what shows points and badges: the boards,
 * the galleries and the session (the top bar's level badge). Mounted once, beside the top bar.
 */
export function LiveRecognition() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['gamification'] });
    void queryClient.invalidateQueries({ queryKey: ['session', 'me'] });
  };
  useRealtime(POINTS_AWARDED_LIVE, (data) => {
    const parsed = ZPointsLive.safeParse(data);
    if (!parsed.success) return;
    enqueueSnackbar(`+${parsed.data.points} ${parsed.data.points === 1 ? 'point' : 'points'}`, {
      variant: 'success',
      autoHideDuration: SUCCESS_AUTO_HIDE_MS,
    });
    refresh();
  });
  useRealtime(BADGE_AWARDED_LIVE, (data) => {
    const parsed = ZBadgeLive.safeParse(data);
    if (!parsed.success) return;
    enqueueSnackbar(`New badge: ${parsed.data.name}`, {
      variant: 'success',
      autoHideDuration: SUCCESS_AUTO_HIDE_MS,
    });
    refresh();
  });
  return null;
}
