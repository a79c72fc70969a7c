import { scormOps, type TScormCommitResult, type TScormState } from '@atrium/contract';
import { checkResponse, urlOf } from '../../../shared/api/call.ts';
import { AtriumScormHttp, type CommitResult } from './scorm-http.ts';

/** What the player holds while a SCO runs. */
export interface ScormRuntime {
  /** Call on pagehide: remaining commits must go out as keepalive requests. */
  markUnloading(): void;
  /**
   * Ends the session for a SCO that did not (the learner switched SCO or left the page):
   * its last state is committed rather than lost.
   */
  finish(): void;
  /** Resolves once the commits sent in the background (the terminating one) are answered. */
  settled(): Promise<void>;
  /** Stops answering the content frame (after the SCO's page has gone). */
  dispose(): void;
}

/** A random id per launch, so the server adds each session's time once however often it commits. */
export function newSessionId(): string {
  return crypto.randomUUID();
}

/**
 * Where one SCO's commits go: the module file's run-time with the SCO, attempt and session.
 * scorm-again sends them itself (synchronously, see scorm-http.ts), so it needs the URL.
 */
export function commitUrl(
  state: Pick<TScormState, 'module_file' | 'sco' | 'attempt'>,
  session: string,
) {
  return urlOf(scormOps.commit, {
    params: { id: state.module_file },
    query: { sco: state.sco, attempt: state.attempt, session },
  });
}

/**
 * Runs the SCORM run-time (scorm-again) in this page, on the app origin, and answers the SCO's
 * calls over `postMessage`: the package plays in a frame of the content origin (never this one),
 * where the launcher gives the SCO scorm-again's CrossFrameAPI. Only messages from
 * `state.content_origin` AND from the player's own frame are answered, and only SCORM's own
 * methods (CrossFrameLMS's allow-list); the learner's token stays here, in the commit requests.
 * The stored cmi data is loaded first, so the SCO resumes at its location with its suspend data.
 * A preview (`tracked` false: a manager who is not enrolled) runs the same API without commits.
 */
export async function startScormRuntime(
  state: TScormState,
  frame: () => Window | null,
  onCommitted: (result: TScormCommitResult) => void,
  onCommitFailed: (message: string) => void,
  /** The SCO called Initialize (LMSInitialize): it is running and tracked from now on. */
  onInitialized: () => void = () => {},
): Promise<ScormRuntime> {
  // scorm-again is large: it loads with the first package a learner opens.
  const [{ Scorm12API, Scorm2004API }, bridgeModule] = await Promise.all([
    import('scorm-again'),
    import('scorm-again/cross-frame-lms'),
  ]);
  // The package's types declare a default export; its ES module has a named one.
  const CrossFrameLMS =
    (bridgeModule as unknown as { CrossFrameLMS?: typeof bridgeModule.default }).CrossFrameLMS ??
    bridgeModule.default;
  const onResult = (result: CommitResult, raw: unknown) => {
    if (result.errorCode !== 0) onCommitFailed(result.errorMessage ?? 'The commit failed.');
    else if (raw) {
      let committed: TScormCommitResult;
      try {
        committed = checkResponse(scormOps.commit, raw);
      } catch (error) {
        onCommitFailed(error instanceof Error ? error.message : 'The commit failed.');
        return;
      }
      onCommitted(committed);
    }
  };
  const http = new AtriumScormHttp(onResult, undefined, state.version);
  const session = newSessionId();
  const settings = {
    lmsCommitUrl: state.tracked ? commitUrl(state, session) : false,
    dataCommitFormat: 'json',
    autocommit: state.tracked,
    autocommitSeconds: 30,
    // The server adds a session's time once; many SCOs never set session_time themselves.
    selfReportSessionTime: true,
    alwaysSendTotalTime: true,
    // Marks the terminating commit (`&terminate=true`), after which the session is closed.
    terminateCommitParam: 'terminate',
    // SCORM 1.2 RTE: a SCO that finishes without setting a status is taken as completed
    // (the "minimum calls" packages only ever call LMSInitialize and LMSFinish).
    autoCompleteLessonStatus: true,
    // 4 = errors only: the console stays quiet unless something is wrong.
    logLevel: 4 as const,
  };
  const api =
    state.version === '1.2'
      ? new Scorm12API(settings, http as never)
      : new Scorm2004API(settings, http as never);
  if (Object.keys(state.cmi).length > 0) api.loadFromJSON(state.cmi as never, 'cmi');
  api.on(state.version === '1.2' ? 'LMSInitialize' : 'Initialize', onInitialized);
  // Registered before CrossFrameLMS's own listener, so a message from any other window of the
  // content origin (another tab, a popup the package opened) never reaches it.
  const onlyOurFrame = (event: MessageEvent) => {
    if (event.origin === state.content_origin && event.source !== frame())
      event.stopImmediatePropagation();
  };
  window.addEventListener('message', onlyOurFrame);
  // SCOs call GetValue and SetValue in bursts (hundreds at start for interactions).
  const bridge = new CrossFrameLMS(api, state.content_origin, { rateLimit: 1000 });
  // An asset never calls the run-time: its launch is the one thing to record, and completes it.
  if (state.tracked && state.asset)
    http.processHttpRequest(`${commitUrl(state, session)}&terminate=true`, { cmi: {} }, true);
  return {
    markUnloading: () => http.markUnloading(),
    finish: () => {
      if (api.isInitialized() && !api.isTerminated()) api.lmsFinish('');
    },
    settled: () => http.settled(),
    dispose: () => {
      bridge.destroy();
      window.removeEventListener('message', onlyOurFrame);
    },
  };
}
