import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKER_CONFIG } from './detector.ts';
import { type FaceLike, summariseFrame } from './frame-summary.ts';

const degrees = (value: number) => (value * Math.PI) / 180;

/** A face whose irises sit at `iris` (0 left corner … 1 right corner) of both eyes. */
function face(options: { size?: number; score?: number; yaw?: number; iris?: number }): FaceLike {
  const { size = 200, score = 0.95, yaw = 0, iris } = options;
  const eye = (left: number) => [
    [left, 100],
    [left + 40, 100],
  ];
  return {
    score,
    box: [0, 0, size, size],
    rotation: { angle: { yaw: degrees(yaw), pitch: degrees(-4) } },
    annotations:
      iris === undefined
        ? {}
        : {
            rightEyeLower0: eye(50),
            rightEyeIris: [[50 + 40 * iris, 100]],
            leftEyeLower0: eye(130).reverse(),
            leftEyeIris: [[130 + 40 * iris, 100]],
          },
  };
}

const summarise = (faces: FaceLike[], objects: { score: number; label: string }[] = []) =>
  summariseFrame({ face: faces, object: objects }, DEFAULT_WORKER_CONFIG, {
    at: 1000,
    durationMs: 87.25,
    objectsChecked: objects.length > 0,
  });

describe('summariseFrame', () => {
  it('reads the head pose of the largest face, in degrees', () => {
    const result = summarise([face({ size: 80, yaw: 50 }), face({ size: 220, yaw: 10 })]);
    expect(result).toMatchObject({ faces: 2, yaw: 10, pitch: -4, lookingAway: false });
    expect(result.durationMs).toBe(87.3);
  });

  it('counts only faces above the confidence threshold', () => {
    expect(summarise([face({ score: 0.3 })]).faces).toBe(0);
  });

  it('looks away when the head turns or the eyes move beyond the limits', () => {
    expect(summarise([face({ yaw: 40 })]).lookingAway).toBe(true);
    expect(summarise([face({ iris: 0.5 })])).toMatchObject({ eyeOffset: 0, lookingAway: false });
    expect(summarise([face({ iris: 0.9 })])).toMatchObject({ eyeOffset: 0.8, lookingAway: true });
    expect(summarise([face({})]).eyeOffset).toBeNull();
  });

  it('reports phones and people only for frames the object model saw', () => {
    expect(summarise([face({})])).toMatchObject({ phone: null, persons: null, otherPerson: null });
    const result = summarise(
      [face({})],
      [
        { label: 'person', score: 0.9 },
        { label: 'person', score: 0.62 },
        { label: 'cell phone', score: 0.7 },
        { label: 'cell phone', score: 0.2 },
      ],
    );
    expect(result).toMatchObject({
      phone: true,
      phoneConfidence: 0.7,
      persons: 2,
      otherPerson: true,
      otherPersonConfidence: 0.62,
    });
  });
});
