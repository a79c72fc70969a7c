import autocannon from 'autocannon';
import type { Journey } from '../journeys.ts';

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

export interface Measurement {
  name: string;
  target: 'baseline' | 'atrium';
  method: string;
  path: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** autocannon reports no p95: p97.5 is the nearest percentile above it (issue 22's p95 goal). */
  latencyP975Ms: number;
  /** Connections of this measurement (a journey may ask for fewer than the run's default). */
  connections: number;
  requests: number;
  non2xx: number;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  durationSeconds: number;
  /** Some responses were not 2xx or failed: the figures do not describe the route. */
  flagged: boolean;
}

let running: autocannon.Instance | undefined;

/** Ends the load in progress at once (Ctrl-C). */
export function stopLoad(): void {
  running?.stop();
}

function requestOptions(baseUrl: string, journey: Journey, token: string | undefined) {
  const headers: Record<string, string> = { accept: 'application/json', ...journey.headers };
  if (token) headers.authorization = `Token ${token}`;
  let body: string | undefined;
  if (journey.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(journey.body);
  }
  return { url: new URL(journey.path, baseUrl).toString(), method: journey.method, headers, body };
}

function load(
  request: ReturnType<typeof requestOptions>,
  connections: number,
  duration: number,
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    running = autocannon(
      { ...request, connections, duration, pipelining: 1, timeout: 10 },
      (err, result) => {
        running = undefined;
        if (err) reject(err);
        else resolve(result);
      },
    );
  });
}

/** One request first, so a wrong route or token is explained rather than just counted. */
async function probe(request: ReturnType<typeof requestOptions>): Promise<string | undefined> {
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  const text = await response.text();
  if (response.ok) return undefined;
  return `${response.status} ${text.slice(0, 200)}`;
}

export async function measure(
  target: Measurement['target'],
  baseUrl: string,
  journey: Journey,
  token: string | undefined,
  options: LoadOptions,
): Promise<Measurement> {
  const request = requestOptions(baseUrl, journey, token);
  const connections = journey.connections ?? options.connections;
  const refused = await probe(request);
  if (refused) console.log(`  ! ${journey.name}: a single request answered ${refused}`);
  if (options.warmupSeconds > 0) {
    await load(request, connections, options.warmupSeconds);
  }
  const result = await load(request, connections, options.durationSeconds);
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
    statusCodes[code] = stat.count ?? 0;
  }
  return {
    name: journey.name,
    target,
    method: journey.method,
    path: journey.path,
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyP975Ms: result.latency.p97_5,
    connections,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    durationSeconds: result.duration,
    flagged: result.non2xx > 0 || result.errors > 0 || result.timeouts > 0 || result['2xx'] === 0,
  };
}
