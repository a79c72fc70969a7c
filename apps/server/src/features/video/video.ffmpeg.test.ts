import { describe, expect, it } from 'vitest';
import { hlsArgs, planRenditions, readMaster, transcodeTimeoutMs } from './video.ffmpeg.ts';

const sizes = (w: number, h: number) =>
  planRenditions({ width: w, height: h }).map((r) => `${r.label} ${r.width}x${r.height}`);

describe('rendition plan', () => {
  it('never scales up and keeps at least one rendition', () => {
    expect(sizes(320, 240)).toEqual(['240p 320x240']);
    expect(sizes(1280, 720)).toEqual(['360p 640x360', '720p 1280x720']);
    expect(sizes(1920, 1080)).toEqual(['360p 640x360', '720p 1280x720', '1080p 1920x1080']);
    expect(sizes(3840, 2160)).toEqual(['360p 640x360', '720p 1280x720', '1080p 1920x1080']);
  });

  it('adds the source size when it is well above the top rung', () => {
    expect(sizes(640, 480)).toEqual(['360p 480x360', '480p 640x480']);
    // 400p is too close to 360p to be worth another rendition.
    expect(sizes(712, 400)).toEqual(['360p 640x360']);
  });

  it('plans portrait videos by their shorter side, with even sizes', () => {
    expect(sizes(1080, 1920)).toEqual(['360p 360x640', '720p 720x1280', '1080p 1080x1920']);
    expect(sizes(201, 355)).toEqual(['200p 200x352']);
  });

  it('gives bigger renditions more bits', () => {
    const [low, high] = planRenditions({ width: 1280, height: 720 });
    expect(high!.videoKbps).toBe(2800);
    expect(low!.videoKbps).toBeLessThan(high!.videoKbps);
    expect(low!.audioKbps).toBe(96);
  });
});

describe('ffmpeg arguments', () => {
  it('maps audio per rendition only when the source has some', () => {
    const plan = planRenditions({ width: 1280, height: 720 });
    const withAudio = hlsArgs('/in.mp4', '/out', plan, true);
    expect(withAudio).toContain('v:0,a:0 v:1,a:1');
    expect(withAudio.filter((a) => a === '0:a:0')).toHaveLength(2);
    const silent = hlsArgs('/in.mp4', '/out', plan, false);
    expect(silent).toContain('v:0 v:1');
    expect(silent).not.toContain('0:a:0');
    expect(silent).not.toContain('aac');
  });
});

describe('master playlist', () => {
  it('reads each variant', () => {
    const text = [
      '#EXTM3U',
      '#EXT-X-VERSION:6',
      '#EXT-X-STREAM-INF:BANDWIDTH=875600,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2"',
      'v0/index.m3u8',
      '',
      '#EXT-X-STREAM-INF:BANDWIDTH=3220800,RESOLUTION=1280x720,CODECS="avc1.4d401f,mp4a.40.2"',
      'v1/index.m3u8',
    ].join('\n');
    expect(readMaster(text)).toEqual([
      { uri: 'v0/index.m3u8', bandwidth: 875600, width: 640, height: 360 },
      { uri: 'v1/index.m3u8', bandwidth: 3220800, width: 1280, height: 720 },
    ]);
  });

  it('gives long videos proportionally more time, within bounds', () => {
    expect(transcodeTimeoutMs(2)).toBe(10 * 60_000);
    expect(transcodeTimeoutMs(3600)).toBe(6 * 3600_000);
    expect(transcodeTimeoutMs(1200)).toBe(12_000_000);
  });
});
