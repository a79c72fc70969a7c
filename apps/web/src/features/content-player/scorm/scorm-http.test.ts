import { describe, expect, it, vi } from 'vitest';
import { AtriumScormHttp, readCommitResponse } from './scorm-http.ts';

function fakeRequest(status: number, responseText: string) {
  const headers: Record<string, string> = {};
  const request = {
    open: vi.fn(),
    setRequestHeader: (name: string, value: string) => {
      headers[name] = value;
    },
    send: vi.fn(),
    status,
    responseText,
  };
  return { request: request as unknown as XMLHttpRequest, headers, raw: request };
}

describe('readCommitResponse', () => {
  it('passes the server result through', () => {
    expect(readCommitResponse(200, '{"result":true,"errorCode":0,"attempt":1}')).toMatchObject({
      result: true,
      errorCode: 0,
    });
  });
  it('turns a refusal into a SCORM failure carrying the server message', () => {
    expect(readCommitResponse(400, '{"message":"cmi.core.score.raw must be 0–100."}')).toEqual({
      result: 'false',
      errorCode: 391,
      errorMessage: 'cmi.core.score.raw must be 0–100.',
    });
    expect(readCommitResponse(502, '<html>')).toMatchObject({
      errorMessage: 'The commit failed (HTTP 502).',
    });
  });
});

describe('AtriumScormHttp', () => {
  it('commits synchronously as JSON with the token and CSRF headers', () => {
    localStorage.setItem('token', 'abc');
    // biome-ignore lint/suspicious/noDocumentCookie: the client reads document.cookie; jsdom has no cookieStore
    document.cookie = 'csrftoken=xyz; path=/';
    const fake = fakeRequest(200, '{"result":true,"errorCode":0,"package_completed":true}');
    const seen: unknown[] = [];
    const http = new AtriumScormHttp(
      (_r, raw) => seen.push(raw),
      () => fake.request,
    );
    const result = http.processHttpRequest('/api/scorm/module-files/3/runtime/?sco=a', {
      cmi: { core: { lesson_status: 'completed' } },
    });
    expect(result).toMatchObject({ result: true, errorCode: 0 });
    expect(fake.raw.open).toHaveBeenCalledWith(
      'POST',
      '/api/scorm/module-files/3/runtime/?sco=a',
      false,
    );
    expect(fake.headers).toMatchObject({
      Authorization: 'Token abc',
      'X-CSRFToken': 'xyz',
      'Content-Type': 'application/json',
    });
    expect(JSON.parse(fake.raw.send.mock.calls[0]![0] as string)).toEqual({
      cmi: { core: { lesson_status: 'completed' } },
    });
    expect(seen).toEqual([{ result: true, errorCode: 0, package_completed: true }]);
    localStorage.clear();
    // biome-ignore lint/suspicious/noDocumentCookie: the client reads document.cookie; jsdom has no cookieStore
    document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('sends the terminating commit (LMSFinish/Terminate) as a keepalive fetch with our headers and answers "true" at once', async () => {
    localStorage.setItem('token', 'abc');
    const fetchMock = vi
      .fn()
      .mockResolvedValue(new Response('{"result":true,"errorCode":0,"package_completed":true}'));
    vi.stubGlobal('fetch', fetchMock);
    const create = vi.fn();
    const seen: unknown[] = [];
    const http = new AtriumScormHttp((_r, raw) => seen.push(raw), create, '1.2');
    // scorm-again passes `immediate` for the terminate commit, often from a SCO's unload handler.
    expect(http.processHttpRequest('/x?terminate=true', { cmi: {} }, true)).toEqual({
      result: 'true',
      errorCode: 0,
    });
    expect(create).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({
      method: 'POST',
      keepalive: true,
      headers: { Authorization: 'Token abc' },
    });
    // The page is still there: the answer refreshes the player like any commit's.
    await vi.waitFor(() =>
      expect(seen).toEqual([{ result: true, errorCode: 0, package_completed: true }]),
    );
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("reports a failed commit with the error code of the SCO's version (1.2 has no 391)", () => {
    const fake = fakeRequest(400, '{"message":"Nope."}');
    const failed: unknown[] = [];
    const http = new AtriumScormHttp(
      (r) => failed.push(r),
      () => fake.request,
      '1.2',
    );
    expect(http.processHttpRequest('/x', { cmi: {} })).toEqual({
      result: 'false',
      errorCode: 101,
      errorMessage: 'Nope.',
    });
    expect(failed).toHaveLength(1);
  });

  it('once the page unloads, sends a keepalive fetch instead of a synchronous XHR', () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response('{}'));
    vi.stubGlobal('fetch', fetchMock);
    const create = vi.fn();
    const http = new AtriumScormHttp(undefined, create);
    http.markUnloading();
    expect(http.processHttpRequest('/x', { cmi: {} })).toEqual({ result: 'true', errorCode: 0 });
    expect(create).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'POST', keepalive: true });
    vi.unstubAllGlobals();
  });
});
