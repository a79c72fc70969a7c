import type { TAttemptResult, TAttemptSession } from '@atrium/contract';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { notifyError } from '../../../shared/notify/notify.ts';
import { AccessNotice } from '../../../shared/ui/access-notice.tsx';
import { PageContainer } from '../../../shared/ui/page-header.tsx';
import { attemptKeys, startAttempt, useRememberResult, useStartPage } from '../api/attempts.api.ts';
import { AttemptScreen } from '../taking/attempt-screen.tsx';
import { hasLocalAttempt } from '../taking/save-queue.ts';
import { StartView } from '../taking/start-view.tsx';

/**
 * /assessment/:uuid (simplified layout): the start page, then the attempt in place. A reload
 * during an attempt this device was taking resumes it at once (POST start answers the attempt in
 * progress), with the answers kept on the device sent again.
 */
export default function TakeAssessmentPage() {
  const { uuid = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const rememberResult = useRememberResult();
  const start = useStartPage(uuid);
  const [session, setSession] = useState<TAttemptSession | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const begin = useCallback(
    async (password?: string) => {
      setBusy(true);
      setError(null);
      try {
        setSession(await startAttempt(uuid, password));
      } catch (e) {
        // A wrong password or a refusal reads beside the button; the start page may be stale.
        setError(errorMessage(e));
        if (!(e instanceof ApiError) || e.status !== 400) notifyError(errorMessage(e));
        void client.invalidateQueries({ queryKey: attemptKeys.startPage(uuid) });
      } finally {
        setBusy(false);
      }
    },
    [client, uuid],
  );

  const resumed = useRef(false);
  const current = start.data?.current ?? null;
  useEffect(() => {
    if (resumed.current || current === null || !hasLocalAttempt(current)) return;
    resumed.current = true;
    void begin();
  }, [begin, current]);

  const onSubmitted = useCallback(
    (result: TAttemptResult) => {
      rememberResult(result);
      navigate(`/assessment/result/${result.id}`, { replace: true });
    },
    [navigate, rememberResult],
  );
  const onClosed = useCallback(
    (attemptId: number) => {
      void client.invalidateQueries({ queryKey: attemptKeys.all });
      navigate(`/assessment/result/${attemptId}`, { replace: true });
    },
    [client, navigate],
  );

  if (session)
    return (
      <AttemptScreen initial={session} uuid={uuid} onSubmitted={onSubmitted} onClosed={onClosed} />
    );

  if (start.isError)
    return (
      <PageContainer maxWidth={900}>
        <AccessNotice title="This assessment is not available">
          {errorMessage(start.error, 'The assessment could not be loaded.')}
        </AccessNotice>
      </PageContainer>
    );

  return (
    <PageContainer maxWidth={900}>
      {!start.data || (busy && session === null && current !== null && resumed.current) ? (
        <Stack sx={{ gap: 2 }} aria-busy="true" aria-label="Loading the assessment">
          <Skeleton variant="text" width="60%" height={48} />
          <Skeleton variant="rounded" height={200} />
          <Skeleton variant="rounded" height={120} />
        </Stack>
      ) : (
        <StartView start={start.data} busy={busy} error={error} onStart={(p) => void begin(p)} />
      )}
    </PageContainer>
  );
}
