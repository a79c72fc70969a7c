import { stat } from 'node:fs/promises';
import path from 'node:path';
import { lastLine, runTool, TranscodeFailure, toolMissing } from './video.tools.ts';

export interface Probe {
  durationSeconds: number;
  /** The picture as shown: sample aspect ratio applied, rotation metadata honoured. */
  width: number;
  height: number;
  hasAudio: boolean;
}

export interface Rendition {
  label: string;
  width: number;
  height: number;
  videoKbps: number;
  audioKbps: number;
}

/** Renditions by the shorter side of the picture; a source is never scaled up. */
const LADDER = [360, 720, 1080];
/** Target segment length; keyframes are forced on this grid so every rendition switches cleanly. */
const SEGMENT_SECONDS = 4;
const PROBE_TIMEOUT_MS = 60_000;
const POSTER_TIMEOUT_MS = 120_000;
const UNREADABLE =
  'This file could not be read as a video. It may be damaged, incomplete or in an unsupported format; upload it again or export it as MP4 (H.264).';

interface ProbeJson {
  streams?: {
    codec_type?: string;
    width?: number;
    height?: number;
    sample_aspect_ratio?: string;
    duration?: string;
    disposition?: { attached_pic?: number };
    tags?: { rotate?: string };
    side_data_list?: { rotation?: number }[];
  }[];
  format?: { duration?: string };
}

/** Rounded down to even (x264 needs it): rounding up would scale up by a pixel. */
const even = (n: number) => Math.max(2, 2 * Math.floor(n / 2));

/** ffprobe the source. A file ffprobe cannot make sense of is a TranscodeFailure. */
export async function probe(file: string, signal?: AbortSignal): Promise<Probe> {
  const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file];
  const run = await runTool('ffprobe', args, { timeoutMs: PROBE_TIMEOUT_MS, signal }).catch(
    (err) => {
      throw toolMissing(err, 'ffprobe') ?? err;
    },
  );
  if (run.aborted) throw new Error('aborted');
  if (run.timedOut) throw new TranscodeFailure(UNREADABLE);
  if (run.code !== 0)
    throw new TranscodeFailure(withDetail(UNREADABLE, run.stderr, { [file]: 'the video' }));
  let json: ProbeJson;
  try {
    json = JSON.parse(run.stdout) as ProbeJson;
  } catch {
    throw new TranscodeFailure(UNREADABLE);
  }
  const streams = json.streams ?? [];
  // Cover art in an audio file is a "video" stream too; it is not a video.
  const video = streams.find(
    (s) => s.codec_type === 'video' && !s.disposition?.attached_pic && s.width && s.height,
  );
  if (!video)
    throw new TranscodeFailure('This file has no video track, so it cannot be played as a video.');
  const duration = Number(json.format?.duration ?? video.duration);
  if (!Number.isFinite(duration) || duration <= 0)
    throw new TranscodeFailure(
      'The video has no readable duration; it may be damaged or incomplete. Upload it again.',
    );
  const [sarW, sarH] = (video.sample_aspect_ratio ?? '1:1').split(':').map(Number);
  const sar = sarW && sarH ? sarW / sarH : 1;
  const rotation = Math.abs(
    Number(
      video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ??
        video.tags?.rotate ??
        0,
    ),
  );
  let width = Math.round(video.width! * sar);
  let height = video.height!;
  // ffmpeg turns the picture upright while decoding, so plan on the shown shape.
  if (rotation % 180 === 90) [width, height] = [height, width];
  if (Math.min(width, height) < 16)
    throw new TranscodeFailure('The video picture is too small to be played.');
  return {
    durationSeconds: duration,
    width,
    height,
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
  };
}

/**
 * The ladder rungs up to the source's shorter side, plus the source size itself when it is well
 * above the top rung (a 480p source gets 360p and 480p); a tiny source gets its own size only.
 */
export function planRenditions(source: { width: number; height: number }): Rendition[] {
  const short = Math.min(source.width, source.height);
  const long = Math.max(source.width, source.height);
  const sides = LADDER.filter((s) => s <= short);
  const top = sides.at(-1);
  if (top === undefined) sides.push(even(short));
  else if (short < LADDER.at(-1)! && short >= top * 1.25) sides.push(even(short));
  return sides.map((side) => {
    const other = even((side * long) / short);
    const landscape = source.width >= source.height;
    const width = landscape ? other : side;
    const height = landscape ? side : other;
    // About 2.8 Mbit/s for 1280x720, scaled by pixel count.
    const videoKbps = Math.round(
      Math.min(5000, Math.max(200, (2800 * width * height) / (1280 * 720))),
    );
    return { label: `${side}p`, width, height, videoKbps, audioKbps: side <= 360 ? 96 : 128 };
  });
}

/**
 * A JPEG from about 10% in, no larger than the biggest rendition. Best effort: a video that plays
 * without a poster is still a video, so failure returns false instead of throwing.
 */
export async function makePoster(
  file: string,
  out: string,
  probed: Probe,
  size: { width: number; height: number },
  signal?: AbortSignal,
): Promise<boolean> {
  for (const at of [probed.durationSeconds * 0.1, 0]) {
    const run = await runTool(
      'ffmpeg',
      [
        ...['-hide_banner', '-nostdin', '-v', 'error', '-y'],
        ...['-ss', at.toFixed(3), '-i', file],
        ...['-frames:v', '1', '-an', '-vf', `scale=${size.width}:${size.height},setsar=1`],
        ...['-q:v', '3', '-f', 'image2', out],
      ],
      { timeoutMs: POSTER_TIMEOUT_MS, signal },
    );
    if (run.aborted) throw new Error('aborted');
    const made = await stat(out).catch(() => null);
    if (run.code === 0 && made && made.size > 0) return true;
  }
  return false;
}

/** The ffmpeg arguments that write every rendition and the master playlist in one pass. */
export function hlsArgs(file: string, dir: string, plan: Rendition[], hasAudio: boolean): string[] {
  const n = plan.length;
  const split =
    n === 1 ? '[0:v:0]null[s0]' : `[0:v:0]split=${n}${plan.map((_, i) => `[s${i}]`).join('')}`;
  const scales = plan.map(
    (r, i) => `[s${i}]scale=${r.width}:${r.height},setsar=1,format=yuv420p[v${i}]`,
  );
  const maps: string[] = [];
  const rates: string[] = [];
  plan.forEach((r, i) => {
    maps.push('-map', `[v${i}]`);
    if (hasAudio) maps.push('-map', '0:a:0');
    rates.push(
      ...[`-b:v:${i}`, `${r.videoKbps}k`, `-maxrate:v:${i}`, `${Math.round(r.videoKbps * 1.07)}k`],
      ...[`-bufsize:v:${i}`, `${r.videoKbps * 2}k`],
    );
    if (hasAudio) rates.push(`-b:a:${i}`, `${r.audioKbps}k`);
  });
  const streamMap = plan.map((_, i) => (hasAudio ? `v:${i},a:${i}` : `v:${i}`)).join(' ');
  return [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-nostats', '-progress', 'pipe:1', '-y'],
    ...['-i', file, '-filter_complex', [split, ...scales].join(';')],
    ...maps,
    ...['-map_metadata', '-1', '-sn', '-dn', '-max_muxing_queue_size', '1024'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-sc_threshold', '0'],
    ...['-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`],
    ...(hasAudio ? ['-c:a', 'aac', '-ac', '2', '-ar', '48000'] : []),
    ...rates,
    ...['-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod'],
    ...['-hls_flags', 'independent_segments', '-hls_segment_type', 'mpegts'],
    ...['-hls_segment_filename', path.join(dir, 'v%v', 'seg_%05d.ts')],
    ...['-master_pl_name', 'master.m3u8', '-var_stream_map', streamMap],
    path.join(dir, 'v%v', 'index.m3u8'),
  ];
}

/** Transcodes into `dir`, reporting 0–99 percent from ffmpeg's out_time against the duration. */
export async function transcodeHls(
  file: string,
  dir: string,
  plan: Rendition[],
  probed: Probe,
  options: { timeoutMs: number; signal?: AbortSignal; onProgress: (percent: number) => void },
): Promise<void> {
  let pending = '';
  const run = await runTool('ffmpeg', hlsArgs(file, dir, plan, probed.hasAudio), {
    timeoutMs: options.timeoutMs,
    signal: options.signal,
    onStdout: (chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const m = /^out_time_us=(\d+)/.exec(line.trim());
        if (m) {
          const percent = Math.floor(Number(m[1]) / 1e4 / probed.durationSeconds);
          options.onProgress(Math.max(0, Math.min(99, percent)));
        }
      }
    },
  }).catch((err) => {
    throw toolMissing(err, 'ffmpeg') ?? err;
  });
  if (run.aborted) throw new Error('aborted');
  if (run.timedOut)
    throw new TranscodeFailure(
      `Converting the video took longer than the ${Math.max(1, Math.round(options.timeoutMs / 60_000))} minute limit. Upload a shorter or smaller video.`,
    );
  // Killed by something else (out of memory, an operator): worth another attempt.
  if (run.signal) throw new Error(`ffmpeg was stopped by ${run.signal}`);
  if (run.code !== 0)
    throw new TranscodeFailure(
      withDetail(
        'The video could not be converted; it may be damaged or use an unsupported codec.',
        run.stderr,
        { [file]: 'the video', [dir]: 'output' },
      ),
    );
}

/** The variants of a master playlist, as the player will see them. */
export function readMaster(
  text: string,
): { uri: string; bandwidth: number; width: number; height: number }[] {
  const lines = text.split(/\r?\n/);
  const out: { uri: string; bandwidth: number; width: number; height: number }[] = [];
  lines.forEach((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const bandwidth = Number(/BANDWIDTH=(\d+)/.exec(line)?.[1] ?? 0);
    const [w, h] = (/RESOLUTION=(\d+)x(\d+)/.exec(line)?.slice(1) ?? []).map(Number);
    const uri =
      lines
        .slice(i + 1)
        .find((l) => l.trim() && !l.startsWith('#'))
        ?.trim() ?? '';
    out.push({ uri, bandwidth, width: w ?? 0, height: h ?? 0 });
  });
  return out;
}

/** How long a transcode may run: ten times the video's length, between 10 minutes and 6 hours. */
export const transcodeTimeoutMs = (durationSeconds: number) =>
  Math.min(6 * 3600_000, Math.max(10 * 60_000, durationSeconds * 10_000));

/** The message with ffmpeg's last word, server paths taken out of it. */
function withDetail(message: string, stderr: string, paths: Record<string, string>): string {
  let detail = lastLine(stderr);
  for (const [p, name] of Object.entries(paths)) detail = detail.split(p).join(name);
  return detail ? `${message} (${detail})` : message;
}
