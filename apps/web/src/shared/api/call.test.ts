import { catalogueOps, learningOps, scormOps, userOps, videoOps } from '@atrium/contract';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, type Mock, vi } from 'vitest';
import { ApiError, GENERIC_SUPPORT_MESSAGE } from './api-error.ts';
import { type CallArgs, ContractViolation, call, urlOf } from './call.ts';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const faq = { id: 4, course: 7, question: 'Why?', answer: 'Because.', position: 0 };

let fetchMock: Mock<typeof fetch>;
function lastCall() {
  const [url, init] = fetchMock.mock.lastCall ?? [];
  return {
    url: String(url),
    init: init ?? {},
    headers: (init?.headers ?? {}) as Record<string, string>,
  };
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('call: the request it sends', () => {
  it("fills the operation's path parameters and appends its query", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, { count: 1, next: null, previous: null, results: [faq] }),
    );
    const page = await call(learningOps.faqs, {
      params: { courseId: 7 },
      query: { page: 2, page_size: 50 },
    });
    expect(page.results[0]?.question).toBe('Why?');
    expect(lastCall().url).toBe('/api/courses/faq-list/7/?page=2&page_size=50');
    expect(lastCall().init.method).toBe('GET');
  });

  it("sends the typed body as JSON with the operation's method", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, faq));
    await call(learningOps.faqUpdate, { params: { id: 4 }, body: { question: 'Why not?' } });
    const { url, init, headers } = lastCall();
    expect([url, init.method, init.body]).toEqual([
      '/api/courses/faq/4/',
      'PATCH',
      JSON.stringify({ question: 'Why not?' }),
    ]);
    expect(headers['Content-Type']).toBe('application/json');
  });

  it('sends a FormData body as is, for the browser to encode', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { message: 'Imported.', created: 1 }));
    const form = new FormData();
    form.append('file', new Blob(['a,b']), 'users.csv');
    await call(userOps.import, { body: form }).catch(() => {});
    expect(lastCall().init.body).toBe(form);
    expect(lastCall().headers['Content-Type']).toBeUndefined();
  });

  it('builds URLs the browser fetches itself, a trailing * included', () => {
    expect(urlOf(videoOps.hls, { params: { id: 9, '*': 'v0/index.m3u8' } })).toBe(
      '/api/video/9/hls/v0/index.m3u8',
    );
    expect(urlOf(catalogueOps.fileDownload, { params: { id: 3 }, query: { download: '1' } })).toBe(
      '/api/courses/file-repo/3/download/?download=1',
    );
    // An operation that takes a body still has a URL (scorm-again posts its commits itself).
    expect(
      urlOf(scormOps.commit, {
        params: { id: 5 },
        query: { sco: 'item 1', attempt: 2, session: 'abcdef12' },
      }),
    ).toBe('/api/scorm/module-files/5/runtime/?sco=item+1&attempt=2&session=abcdef12');
  });

  it('types params, query and body from the operation', () => {
    expectTypeOf<CallArgs<typeof learningOps.faqCreate>['body']>().toEqualTypeOf<{
      course: unknown;
      question: string;
      answer: string;
      position?: number | undefined;
    }>();
    expectTypeOf<CallArgs<typeof learningOps.faqs>['params']>().toEqualTypeOf<{
      courseId: string | number;
    }>();
    // Read from text on the server, a page number is still a number here.
    expectTypeOf<NonNullable<CallArgs<typeof learningOps.faqs>['query']>['page']>().toEqualTypeOf<
      number | undefined
    >();
    const typeOnly = () => {
      // @ts-expect-error: the path has :courseId
      void call(learningOps.faqs, { params: { id: 7 } });
      // @ts-expect-error: question must be text
      void call(learningOps.faqCreate, { body: { course: 1, question: 3, answer: 'a' } });
      // @ts-expect-error: an upload sends FormData, not an object
      void call(userOps.import, { body: { file: 'x' } });
      // @ts-expect-error: the operation takes a body
      void call(learningOps.faqCreate);
    };
    expect(typeOnly).toBeTypeOf('function');
  });
});

describe('call: the response', () => {
  it("answers the body parsed by the operation's schema", async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { ...faq, extra: 'dropped' }));
    const created = await call(learningOps.faqCreate, {
      body: { course: 7, question: 'Why?', answer: 'Because.' },
    });
    expect(created).toEqual(faq);
  });

  it('refuses a body that breaks the contract, loudly, with the support message for the user', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockResolvedValue(jsonResponse(200, { ...faq, question: 42 }));
    const error = await call(learningOps.faqUpdate, { params: { id: 4 }, body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ContractViolation);
    expect(error).toBeInstanceOf(ApiError);
    const violation = error as ContractViolation;
    expect(violation.message).toBe(GENERIC_SUPPORT_MESSAGE);
    expect(violation.operation).toBe('PATCH /api/courses/faq/:id/');
    expect(violation.detail).toMatch(/question/);
    expect(consoleError).toHaveBeenCalledWith(violation.detail);
  });

  it('answers undefined for no content and a Blob for a binary response', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(call(learningOps.faqRemove, { params: { id: 4 } })).resolves.toBeUndefined();

    fetchMock.mockResolvedValueOnce(
      new Response('id,name', { status: 200, headers: { 'Content-Type': 'text/csv' } }),
    );
    const file = await call(userOps.importTemplate, { query: { format: 'csv' } });
    // jsdom's Blob is not the one fetch's Response makes: test what a Blob does instead.
    expect([await file.text(), file.type]).toEqual(['id,name', 'text/csv']);
  });

  it('keeps the server error shape of a failure', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, { message: 'Invalid input.', errors: { question: ['Too long.'] } }),
    );
    const error = (await call(learningOps.faqCreate, {
      body: { course: 7, question: 'x', answer: 'y' },
    }).catch((e: unknown) => e)) as ApiError;
    expect([error.status, error.message, error.fieldErrors]).toEqual([
      400,
      'Invalid input.',
      { question: ['Too long.'] },
    ]);
  });
});
