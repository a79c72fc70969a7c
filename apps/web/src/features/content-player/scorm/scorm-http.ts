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

/** SCORM's general commit failure (1.2: 101 general exception; 2004: 391). */
const COMMIT_FAILURE = 391;

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
export function readCommitResponse(status: number, text: string): CommitResult {
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
  return { result: 'false', errorCode: COMMIT_FAILURE, errorMessage: message };
}

/**
 * scorm-again's HTTP service replaced by ours. Its own service sends the terminating commit with
 * navigator.sendBeacon, which cannot carry the token or CSRF headers, so the last (often the
 * most important: final status, score) commit would be refused. Here every commit is a
 * synchronous XHR with our headers, as SCORM expects commits to be; only when the page is being
 * unloaded (where browsers forbid synchronous XHR) do we fall back to a keepalive fetch.
 */
export class AtriumScormHttp {
  readonly reportsRequestCompletion = false;
  private unloading = false;

  constructor(
    private readonly onResult: (result: CommitResult, raw: unknown) => void = () => {},
    private readonly createRequest: () => XMLHttpRequest = () => new XMLHttpRequest(),
  ) {}

  /** Called on pagehide: from now on commits go out as keepalive fetches. */
  markUnloading() {
    this.unloading = true;
  }

  updateSettings() {}

  processHttpRequest(url: string, params: unknown): CommitResult {
    const body = JSON.stringify(params);
    if (this.unloading) {
      void fetch(url, {
        method: 'POST',
        body,
        headers: commitHeaders(),
        keepalive: true,
        credentials: 'same-origin',
      }).catch(() => {});
      // The page is going away: nobody is left to read the answer.
      return { result: 'true', errorCode: 0 };
    }
    const request = this.createRequest();
    try {
      request.open('POST', url, false);
      for (const [name, value] of Object.entries(commitHeaders()))
        request.setRequestHeader(name, value);
      request.send(body);
    } catch (error) {
      const result = {
        result: 'false',
        errorCode: COMMIT_FAILURE,
        errorMessage: error instanceof Error ? error.message : 'The commit could not be sent.',
      };
      this.onResult(result, undefined);
      return result;
    }
    const result = readCommitResponse(request.status, request.responseText);
    let raw: unknown;
    try {
      raw = JSON.parse(request.responseText);
    } catch {
      raw = undefined;
    }
    this.onResult(result, raw);
    return result;
  }
}
