import {
  CSRF_COOKIE_NAME,
  CSRF_HEADER_NAME,
  getStoredToken,
  readCookie,
} from '../../../shared/api/client.ts';

/** What scorm-again expects back from a commit. */
export interface CommitResult {
  result: string | boolean;
  errorCode: number;
  errorMessage?: string;
}

/** SCORM's general commit failure: 1.2 has only 101 (general exception); 2004 has 391. */
export const commitFailureCode = (version: '1.2' | '2004') => (version === '1.2' ? 101 : 391);

/**
 * Browsers refuse a keepalive request whose body (with the others in flight) passes 64 KiB;
 * a larger terminate commit goes as an ordinary asynchronous fetch.
 */
const KEEPALIVE_MAX_BYTES = 60_000;
/** How long the next launch waits at most for the previous SCO's last commit. */
const SETTLE_PATIENCE_MS = 8_000;

/** The same credentials the API client sends: the token header and the CSRF double submit. */
export function commitHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
  };
  const token = getStoredToken();
  if (token) headers.Authorization = `Token ${token}`;
  const csrf = readCookie(CSRF_COOKIE_NAME);
  if (csrf) headers[CSRF_HEADER_NAME] = csrf;
  return headers;
}

/** Reads the server's answer; its spec §8 message becomes the SCORM diagnostic. */
export function readCommitResponse(
  status: number,
  text: string,
  failureCode = commitFailureCode('2004'),
): CommitResult {
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (status >= 200 && status < 300 && body && (body as CommitResult).result === true)
    return body as CommitResult;
  const message =
    body && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : `The commit failed (HTTP ${status}).`;
  return { result: 'false', errorCode: failureCode, errorMessage: message };
}

/**
 * scorm-again's HTTP service replaced by ours. Its own service sends the terminating commit with
 * navigator.sendBeacon, which cannot carry the token or CSRF headers. Here commits during the
 * session are synchronous XHRs with our headers, as SCORM expects commits to be. The
 * terminating one (LMSFinish/Terminate, `immediate`) and any commit once the page unloads go as
 * a fetch with `keepalive` and the same headers, answered "true" at once: SCOs call LMSFinish
 * from their unload handlers, where browsers cancel synchronous requests, and a "false" there
 * (error 391) would be both wrong and useless. The server's answer, when this page is still
 * there to read it, reaches `onResult` like any other.
 */
export class AtriumScormHttp {
  readonly reportsRequestCompletion = false;
  private unloading = false;
  /** The commits sent in the background that have not been answered yet. */
  private inFlight: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly onResult: (result: CommitResult, raw: unknown) => void = () => {},
    private readonly createRequest: () => XMLHttpRequest = () => new XMLHttpRequest(),
    private readonly version: '1.2' | '2004' = '2004',
  ) {}

  /** Called on pagehide: from now on commits go out as keepalive fetches. */
  markUnloading() {
    this.unloading = true;
  }

  updateSettings() {}

  /**
   * Resolves once every background commit so far is answered (or failed): the next launch
   * reads its state only after the last one is stored (a new SCO attempt depends on it).
   */
  settled(): Promise<void> {
    // A request that never answers must not hold the next launch for ever.
    const patience = new Promise<void>((resolve) => setTimeout(resolve, SETTLE_PATIENCE_MS));
    return Promise.race([this.inFlight.then(() => undefined), patience]);
  }

  processHttpRequest(url: string, params: unknown, immediate = false): CommitResult {
    const body = JSON.stringify(params);
    if (this.unloading || immediate) {
      this.sendInBackground(url, body);
      return { result: 'true', errorCode: 0 };
    }
    const failure = commitFailureCode(this.version);
    const request = this.createRequest();
    try {
      request.open('POST', url, false);
      for (const [name, value] of Object.entries(commitHeaders()))
        request.setRequestHeader(name, value);
      request.send(body);
    } catch (error) {
      const result = {
        result: 'false',
        errorCode: failure,
        errorMessage: error instanceof Error ? error.message : 'The commit could not be sent.',
      };
      this.onResult(result, undefined);
      return result;
    }
    const result = readCommitResponse(request.status, request.responseText, failure);
    this.onResult(result, parsed(request.responseText));
    return result;
  }

  private sendInBackground(url: string, body: string) {
    const keepalive = new Blob([body]).size <= KEEPALIVE_MAX_BYTES;
    const failure = commitFailureCode(this.version);
    const sent = fetch(url, {
      method: 'POST',
      body,
      headers: commitHeaders(),
      keepalive,
      credentials: 'same-origin',
    })
      .then(async (response) => {
        const text = await response.text();
        if (this.unloading) return;
        this.onResult(readCommitResponse(response.status, text, failure), parsed(text));
      })
      .catch((error: unknown) => {
        // The page is going away: nobody is left to tell.
        if (this.unloading) return;
        this.onResult(
          {
            result: 'false',
            errorCode: failure,
            errorMessage: error instanceof Error ? error.message : 'The commit could not be sent.',
          },
          undefined,
        );
      });
    this.inFlight = Promise.all([this.inFlight, sent]);
  }
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
