import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { apiGet } from './accounts.ts';

/** A short random tag that keeps names made by a spec apart from every other run's. */
export function uniqueTag(): string {
  return randomBytes(3).toString('hex');
}

/** GET through the API as `token`, failing loudly on anything but 200. */
export async function apiJson<T>(path: string, token: string): Promise<T> {
  const response = await apiGet(path, token);
  const body = (await response.json().catch(() => undefined)) as T;
  if (!response.ok)
    throw new Error(`GET ${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** The id of the account behind a token. */
export async function userIdOf(token: string): Promise<number> {
  return (await apiJson<{ id: number }>('/api/v1/me/', token)).id;
}

/** A CSV file for a file input: rows of cells, quoted where needed. */
export function csvFile(name: string, rows: string[][]) {
  const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  return {
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(`${rows.map((row) => row.map(quote).join(',')).join('\n')}\n`),
  };
}

/** The server's origin with another host name that still reaches it (Chromium maps *.localhost). */
export function originFor(host: string): string {
  const url = new URL(inject('baseURL'));
  url.hostname = host;
  return url.origin;
}
