import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';

/**
 * Asks before leaving a form with unsaved changes: inside the app (a link, Back) with a dialog,
 * and on closing or reloading the tab with the browser's own question.
 */
export function LeaveGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Leave without saving?"
      confirmLabel="Leave"
      destructive
      onClose={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
    >
      Your changes to this post are not saved yet.
    </ConfirmDialog>
  );
}
