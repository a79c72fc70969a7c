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
import {
  type ConsentState,
  ProctoringConsent,
  type ProctoringStart,
} from '../../proctoring/index.ts';
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
  // Proctored: the consent step's camera, taken over by the attempt once it has started.
  const [consent, setConsent] = useState<ConsentState>({ ready: false, start: null });
  const consentStart = useRef<ProctoringStart | null>(null);
  consentStart.current = consent.start;
  const [handed, setHanded] = useState<ProctoringStart | null>(null);

  const begin = useCallback(
    async (password?: string) => {
      setBusy(true);
      setError(null);
      try {
        const started = await startAttempt(uuid, password);
        // Adopted before the start page unmounts, so that it leaves the camera running.
        consentStart.current?.camera.adopt();
        setHanded(consentStart.current);
        setSession(started);
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

  const proctored = start.data?.assessment.proctored ?? false;
  if (session)
    return (
      <AttemptScreen
        initial={session}
        uuid={uuid}
        onSubmitted={onSubmitted}
        onClosed={onClosed}
        proctored={proctored}
        proctoringStart={handed}
      />
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
        <StartView
          start={start.data}
          busy={busy}
          error={error}
          onStart={(p) => void begin(p)}
          // A new attempt is agreed to and checked first; one in progress resumes at once, its
          // monitoring asking for the camera again (never a wall before the learner's answers).
          {...(proctored && current === null && start.data.can_start
            ? {
                proctoring: <ProctoringConsent uuid={uuid} onChange={setConsent} />,
                startBlocked: !consent.ready,
              }
            : {})}
        />
      )}
    </PageContainer>
  );
}
