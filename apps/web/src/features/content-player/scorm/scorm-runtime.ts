import { scormPaths, type TScormCommitResult, type TScormState } from '@atrium/contract';
import { fillPath } from '../../../shared/api/paths.ts';
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
  /** Removes the API from the window (after the SCO's page has gone). */
  dispose(): void;
}

type ApiWindow = Window & { API?: unknown; API_1484_11?: unknown };

/** A random id per launch, so the server adds each session's time once however often it commits. */
export function newSessionId(): string {
  return crypto.randomUUID();
}

/** Where one SCO's commits go: the module file's run-time with the SCO, attempt and session. */
export function commitUrl(
  state: Pick<TScormState, 'module_file' | 'sco' | 'attempt'>,
  session: string,
) {
  const query = new URLSearchParams({
    sco: state.sco,
    attempt: String(state.attempt),
    session,
  });
  return `${fillPath(scormPaths.runtime, { id: state.module_file })}?${query}`;
}

/**
 * Puts the SCORM run-time API where the package looks for it: `window.API` (1.2) or
 * `window.API_1484_11` (2004) of this window, the iframe's parent. The stored cmi data is loaded
 * first, so the SCO resumes at its location with its suspend data. A preview (`tracked` false:
 * a manager who is not enrolled) runs the same API without committing anything.
 */
export async function startScormRuntime(
  state: TScormState,
  onCommitted: (result: TScormCommitResult) => void,
  onCommitFailed: (message: string) => void,
): Promise<ScormRuntime> {
  // scorm-again is large: it loads with the first package a learner opens.
  const { Scorm12API, Scorm2004API } = await import('scorm-again');
  const http = new AtriumScormHttp((result: CommitResult, raw) => {
    if (result.errorCode === 0 && raw) onCommitted(raw as TScormCommitResult);
    else if (result.errorCode !== 0) onCommitFailed(result.errorMessage ?? 'The commit failed.');
  });
  const settings = {
    lmsCommitUrl: state.tracked ? commitUrl(state, newSessionId()) : false,
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
  const win = window as ApiWindow;
  const api =
    state.version === '1.2'
      ? new Scorm12API(settings, http as never)
      : new Scorm2004API(settings, http as never);
  if (Object.keys(state.cmi).length > 0) api.loadFromJSON(state.cmi as never, 'cmi');
  if (state.version === '1.2') win.API = api;
  else win.API_1484_11 = api;
  return {
    markUnloading: () => http.markUnloading(),
    finish: () => {
      if (api.isInitialized() && !api.isTerminated()) api.lmsFinish('');
    },
    dispose: () => {
      if (win.API === api) delete win.API;
      if (win.API_1484_11 === api) delete win.API_1484_11;
    },
  };
}
