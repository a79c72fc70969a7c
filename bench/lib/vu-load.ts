import http from 'node:http';

/**
 * A tiny load generator for scripted virtual users (the exam burst): plain node:http over a
 * bounded keep-alive pool, every request timed and labelled, so each kind of request gets its
 * own latency figures. autocannon replays one request at a fixed concurrency; a learner's
 * journey (start, 20 saves carrying the attempt's session, submit) needs a script per user.
 */

export interface Sample {
  label: string;
  ms: number;
  status: number;
  /** When the response arrived (performance.now()). */
  at?: number;
}

export class Recorder {
  readonly samples: Sample[] = [];
  readonly failures: string[] = [];

  add(sample: Sample, detail?: string) {
    this.samples.push({ ...sample, at: sample.at ?? performance.now() });
    if ((sample.status < 200 || sample.status >= 300) && this.failures.length < 20) {
      this.failures.push(`${sample.label}: ${sample.status} ${detail ?? ''}`.trim());
    }
  }

  /** Latency percentiles (ms) and error counts per label. */
  summary(label: string) {
    const mine = this.samples.filter((s) => s.label === label);
    const sorted = mine.map((s) => s.ms).sort((a, b) => a - b);
    const at = (p: number) =>
      sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
    return {
      label,
      requests: mine.length,
      errors: mine.filter((s) => s.status < 200 || s.status >= 300).length,
      p50: at(0.5),
      p95: at(0.95),
      p99: at(0.99),
      max: sorted.length === 0 ? 0 : sorted[sorted.length - 1]!,
    };
  }
}

export type Summary = ReturnType<Recorder['summary']>;

/**
 * p95 per label per `bucketMs` of the run (by when the request was sent), as lines: where in the
 * run the slow requests were (the start window, the saves, the submits).
 */
export function timeline(rec: Recorder, labels: readonly string[], began: number, bucketMs = 5000) {
  const buckets = new Map<number, Map<string, number[]>>();
  for (const s of rec.samples) {
    const sent = (s.at ?? 0) - s.ms - began;
    const b = Math.max(0, Math.floor(sent / bucketMs));
    const byLabel = buckets.get(b) ?? new Map<string, number[]>();
    const list = byLabel.get(s.label) ?? [];
    list.push(s.ms);
    byLabel.set(s.label, list);
    buckets.set(b, byLabel);
  }
  const lines = [`  from s  ${labels.map((l) => `${l} n/p95`.padStart(16)).join('')}`];
  for (const b of [...buckets.keys()].sort((x, y) => x - y)) {
    const cells = labels.map((l) => {
      const list = (buckets.get(b)!.get(l) ?? []).sort((x, y) => x - y);
      if (list.length === 0) return ''.padStart(16);
      const p95 = list[Math.min(list.length - 1, Math.floor(0.95 * list.length))]!;
      return `${list.length}/${Math.round(p95)}`.padStart(16);
    });
    lines.push(`  ${String((b * bucketMs) / 1000).padStart(6)}  ${cells.join('')}`);
  }
  return lines.join('\n');
}

export class Client {
  private readonly agent: http.Agent;
  private readonly base: URL;

  constructor(baseUrl: string, maxSockets: number) {
    this.base = new URL(baseUrl);
    this.agent = new http.Agent({ keepAlive: true, maxSockets });
  }

  /** One request; status 0 for a network error or a timeout (30 s). */
  request(
    method: string,
    path: string,
    options: { token?: string; body?: unknown } = {},
  ): Promise<{ status: number; body: string; ms: number }> {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    if (options.token) headers.authorization = `Token ${options.token}`;
    const started = performance.now();
    return new Promise((resolve) => {
      const req = http.request(
        {
          agent: this.agent,
          host: this.base.hostname,
          port: this.base.port,
          method,
          path,
          headers,
          timeout: 30_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
              ms: performance.now() - started,
            }),
          );
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (err) =>
        resolve({ status: 0, body: err.message, ms: performance.now() - started }),
      );
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }

  close() {
    this.agent.destroy();
  }
}
