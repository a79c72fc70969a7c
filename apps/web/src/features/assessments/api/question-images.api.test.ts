import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadQuestionImage } from './question-images.api.ts';

/** Just enough of XMLHttpRequest for one upload: what was sent, and its answer on demand. */
class FakeRequest {
  static last: FakeRequest | undefined;
  method = '';
  url = '';
  sent: FormData | undefined;
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.sent = body;
  }
  abort() {
    this.onabort?.();
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadQuestionImage', () => {
  it('sends the file as the `image` part, reports progress and answers the image', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    const file = new File([new Uint8Array(8)], 'square.png', { type: 'image/png' });
    const progress = vi.fn();
    const promise = uploadQuestionImage(file, progress);
    const request = FakeRequest.last!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/assessment/question/image/');
    expect((request.sent!.get('image') as File).name).toBe('square.png');
    request.upload.onprogress?.({ loaded: 4, total: 8, lengthComputable: true } as ProgressEvent);
    expect(progress).toHaveBeenLastCalledWith(50);
    const uuid = '0b8d3c52-8f0e-4a57-9a52-5d6c1f2e3a4b';
    const url = `/api/assessment/question/image/${uuid}/`;
    request.respond(201, { uuid, url, size: 8 });
    await expect(promise).resolves.toEqual({ uuid, url, size: 8 });
  });

  it('fails with the server’s message, and is cancelled by its signal', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    const file = new File(['x'], 'big.png');
    const refused = uploadQuestionImage(file, () => {});
    FakeRequest.last!.respond(413, { message: 'The file is larger than 5 MB.' });
    await expect(refused).rejects.toMatchObject({
      status: 413,
      message: 'The file is larger than 5 MB.',
    });

    const controller = new AbortController();
    const cancelled = uploadQuestionImage(file, () => {}, controller.signal);
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
  });
});
