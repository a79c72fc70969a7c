import { attemptOps, type Operation, proctoringOps as ops, profileOps } from '@atrium/contract';
import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { assessmentsPages } from '../../assessments/index.ts';
import { renderProctoring } from '../test-utils.tsx';
import {
  type fakeDetection,
  fakeStream,
  makeAttemptSession,
  makeConsent,
  makeSession,
  makeStart,
  savedAnswer,
  stubMediaGlobals,
  UUID,
} from './test-fakes.ts';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 60_000 });

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn(), urlOf: vi.fn(() => '/file') }));
// jsdom draws no canvas: the identity photo is a fixed JPEG.
vi.mock('./camera.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./camera.ts')>()),
  snapshot: vi.fn(async () => new Blob(['me'], { type: 'image/jpeg' })),
}));
vi.mock('../../../shared/notify/notify.ts', () => ({
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
}));
const detection = vi.hoisted(() => ({ fake: null as ReturnType<typeof fakeDetection> | null }));
vi.mock('../detection/index.ts', async (importOriginal) => {
  const { fakeDetection } = await import('./test-fakes.ts');
  detection.fake = fakeDetection(await importOriginal());
  return detection.fake.module;
});

type Sent = { op: Operation; body: unknown };
let sent: Sent[];
let answer: (op: Operation, body: unknown) => unknown;
let getUserMedia: ReturnType<typeof vi.fn>;
let profilePhotoUrl: string | null;
const sentTo = (op: Operation) => sent.filter((s) => s.op === op);

beforeEach(() => {
  detection.fake?.detectors.splice(0);
  stubMediaGlobals();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  getUserMedia = vi.fn(async () => fakeStream());
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia },
  });
  sent = [];
  profilePhotoUrl = '/media/profile/me.jpg';
  answer = (op, body) => {
    if (op === attemptOps.startPage) return makeStart();
    if (op === attemptOps.start) return makeAttemptSession();
    if (op === attemptOps.save) return savedAnswer(body as never);
    if (op === attemptOps.submit) return { id: 11 };
    if (op === ops.consent) return makeConsent();
    if (op === ops.login) return makeSession();
    if (op === ops.heartbeat) return { messages: [] };
    if (op === profileOps.details) return { profile: { photo_url: profilePhotoUrl } };
    return undefined;
  };
  vi.mocked(call).mockImplementation((async (op: Operation, args: { body?: unknown } = {}) => {
    sent.push({ op, body: args.body });
    return answer(op, args.body);
  }) as unknown as typeof call);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderPage() {
  const { default: TakeAssessmentPage } = await assessmentsPages.takeAssessment();
  return renderProctoring([{ path: '/assessment/:uuid', element: <TakeAssessmentPage /> }], {
    url: `/assessment/${UUID}`,
  });
}

const startButton = () => screen.getByRole('button', { name: 'Start attempt' });

/** Through the consent step: face seen, "I agree" ticked, Start pressed. */
async function startProctored() {
  await screen.findByText('Looking for your face…');
  act(() => detection.fake!.detector().see(1));
  fireEvent.click(screen.getByRole('checkbox', { name: /I agree to be monitored/ }));
  fireEvent.click(startButton());
  await screen.findByText('Helmets are required.');
}

describe('a proctored attempt, on the learner’s side', () => {
  it('says what is watched, and enables Start only once a face is seen and consent given', async () => {
    await renderPage();
    expect(await screen.findByText('This assessment is proctored')).toBeTruthy();
    expect(screen.getByText('No face')).toBeTruthy();
    expect(screen.getByText('Left the assessment')).toBeTruthy();
    expect(screen.getByText(/Nothing is decided automatically/)).toBeTruthy();
    expect(screen.getByText(/kept for 30 days/)).toBeTruthy();
    expect(await screen.findByText('Looking for your face…')).toBeTruthy();
    expect(getUserMedia).toHaveBeenCalledWith(expect.objectContaining({ audio: false }));
    expect(startButton()).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('checkbox', { name: /I agree to be monitored/ }));
    expect(startButton()).toHaveProperty('disabled', true);
    expect(screen.getByText('Start is available once your face is found.')).toBeTruthy();

    act(() => detection.fake!.detector().see(1));
    expect(await screen.findByText('Face found')).toBeTruthy();
    expect(startButton()).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree to be monitored/ }));
    expect(startButton()).toHaveProperty('disabled', true);
  });

  it('explains a refused camera, keeps Start disabled and lets the learner try again', async () => {
    getUserMedia.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    await renderPage();
    expect(await screen.findByText(/Camera access is blocked\. Allow the camera/)).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree to be monitored/ }));
    expect(startButton()).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Looking for your face…')).toBeTruthy();
  });

  it('monitors on the consent step’s camera and shows the Proctored indicator', async () => {
    await renderPage();
    await startProctored();
    await waitFor(() => expect(sentTo(ops.login)).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Proctored: camera on' })).toBeTruthy();
    // The same camera and detector: no second prompt, no second model load.
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(detection.fake!.detectors).toHaveLength(1);
  });

  it('shows a proctor’s message live and acknowledges it', async () => {
    const { emit } = await renderPage();
    await startProctored();
    await screen.findByRole('button', { name: 'Proctored: camera on' });
    act(() =>
      emit('proctoring.message', {
        session: 41,
        id: 9,
        text: 'Please keep your face in view.',
        sent_at: new Date().toISOString(),
      }),
    );
    expect(await screen.findByText('Please keep your face in view.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /OK, I have read the proctor’s message/ }));
    expect(screen.queryByText('Please keep your face in view.')).toBeNull();
    await waitFor(() =>
      expect(sentTo(ops.ackMessages)[0]?.body).toEqual({ session: 41, messages: [9] }),
    );
  });

  it('never blocks the attempt: proctoring failing, answers still save and submit', async () => {
    const base = answer;
    answer = (op, body) => {
      if (op === ops.login) throw new ApiError({ status: 503, message: 'Unavailable' });
      return base(op, body);
    };
    const { router } = await renderPage();
    await startProctored();
    expect(await screen.findByRole('button', { name: 'Proctored: starting' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'True' }));
    await waitFor(() => expect(sentTo(attemptOps.save)).toHaveLength(1), { timeout: 5000 });
    fireEvent.click(screen.getAllByRole('button', { name: 'Submit' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Submit your attempt?' });
    fireEvent.click(dialog.querySelector('button:last-of-type') as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/assessment/result/11'));
  });

  it('after a reload resumes monitoring and asks for the camera with a banner, not a wall', async () => {
    const base = answer;
    answer = (op, body) =>
      op === attemptOps.startPage ? makeStart({ current: 11 }) : base(op, body);
    getUserMedia.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    await renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Resume attempt' }));
    expect(await screen.findByText('Helmets are required.')).toBeTruthy();
    expect(await screen.findByText('Your camera is off')).toBeTruthy();
    expect(sentTo(ops.login)).toHaveLength(1);
    // The questions stay usable beside the banner.
    fireEvent.click(screen.getByRole('radio', { name: 'True' }));
    getUserMedia.mockResolvedValue(fakeStream());
    fireEvent.click(screen.getByRole('button', { name: 'Turn camera on' }));
    await waitFor(() => expect(screen.queryByText('Your camera is off')).toBeNull());
    expect(await screen.findByRole('button', { name: 'Proctored: camera on' })).toBeTruthy();
  });

  describe('with the photo matched against the profile photo', () => {
    let fetched: string[];
    beforeEach(() => {
      fetched = [];
      const base = answer;
      answer = (op, body) => {
        if (op === ops.consent) return makeConsent({ identity_check: 'photo_match' });
        if (op === ops.login) return makeSession({ identity_check: 'photo_match' });
        return base(op, body);
      };
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string) => {
          fetched.push(url);
          // Not a Response: Node's would not take jsdom's Blob.
          return { ok: true, status: 200, blob: async () => new Blob(['profile']) };
        }),
      );
      vi.stubGlobal(
        'createImageBitmap',
        vi.fn(async () => ({ close: vi.fn() })),
      );
      // jsdom has no object URLs: the photo's preview needs one.
      Object.assign(URL, { createObjectURL: () => 'blob:photo', revokeObjectURL: () => undefined });
      detection.fake?.module.matchFaces.mockClear();
    });

    const identityForm = async () => {
      await waitFor(() => expect(sentTo(ops.identity)).toHaveLength(1));
      return sentTo(ops.identity)[0]?.body as FormData;
    };

    async function takePhotoAndStart() {
      await screen.findByText('Looking for your face…');
      act(() => detection.fake!.detector().see(1));
      fireEvent.click(await screen.findByRole('button', { name: 'Take my photo' }));
      fireEvent.click(screen.getByRole('checkbox', { name: /I agree to be monitored/ }));
    }

    it('compares on the device, starts without waiting, and sends the similarity', async () => {
      let finish: (similarity: number | null) => void = () => undefined;
      detection.fake!.module.matchFaces.mockImplementationOnce(
        () => new Promise((resolve) => (finish = resolve)),
      );
      await renderPage();
      await takePhotoAndStart();
      expect(await screen.findByText(/Comparing your photo with your profile photo/)).toBeTruthy();
      expect(fetched).toEqual(['/media/profile/me.jpg']);
      // Start is not held back by the match…
      expect(startButton()).toHaveProperty('disabled', false);
      fireEvent.click(startButton());
      await screen.findByText('Helmets are required.');
      // …but the upload waits for it.
      await waitFor(() => expect(sentTo(ops.login)).toHaveLength(1));
      expect(sentTo(ops.identity)).toHaveLength(0);
      finish(0.87);
      const form = await identityForm();
      expect(form.get('similarity')).toBe('0.87');
      expect(form.get('photo')).toBeInstanceOf(Blob);
      expect(detection.fake!.module.matchFaces).toHaveBeenCalledTimes(1);
    });

    it('sends no similarity and says a proctor compares when there is no profile photo', async () => {
      profilePhotoUrl = null;
      await renderPage();
      await takePhotoAndStart();
      expect(await screen.findByText(/You have no profile photo/)).toBeTruthy();
      expect(screen.getByText(/a proctor will compare the photos/)).toBeTruthy();
      fireEvent.click(startButton());
      const form = await identityForm();
      expect(form.has('similarity')).toBe(false);
      expect(fetched).toEqual([]);
      expect(detection.fake!.module.matchFaces).not.toHaveBeenCalled();
    });

    it('sends no similarity when no face is found in a photo', async () => {
      await renderPage();
      await takePhotoAndStart();
      expect(await screen.findByText(/No face was found/)).toBeTruthy();
      fireEvent.click(startButton());
      expect((await identityForm()).has('similarity')).toBe(false);
    });
  });
});
