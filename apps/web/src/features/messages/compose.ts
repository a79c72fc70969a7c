import type { TCursorPage, TDirectMessage } from '@atrium/contract';
import type { InfiniteData } from '@tanstack/react-query';

/*
 * The messenger's pure pieces: what the composer sends, when a failed send is tried again, and how
 * a message joins the thread the cache holds.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ESCAPES[c]!);

/**
 * The composer's text as rich text: paragraphs on blank lines, line breaks kept, `**bold**` and
 * `_italic_`, and web addresses as links. The server sanitises whatever arrives anyway.
 */
export function textToHtml(text: string): string {
  return text
    .trim()
    .split(/\n{2,}/)
    .filter((p) => p.trim() !== '')
    .map((p) => {
      const html = escapeHtml(p.trim())
        .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
        .replace(/(^|\s)_(.+?)_(?=\s|$)/g, '$1<em>$2</em>')
        .replace(/\bhttps?:\/\/[^\s<]+[^\s<.,;:!?)]/g, (url) => `<a href="${url}">${url}</a>`)
        .replace(/\n/g, '<br>');
      return `<p>${html}</p>`;
    })
    .join('');
}

/** A fresh key per message: every retry of it sends the same one. */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID().replace(/-/g, '');
}

/**
 * Whether trying again could help: the network failed (status 0) or the server was briefly
 * unavailable; a refusal (4xx) stays a refusal.
 */
export function isRetryable(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return status === 0 || status === 503 || status === 502 || status === 504;
}

/** Waits before try n (1-based): 0.5 s, 1 s, 2 s… up to 8 s. */
export const retryDelay = (attempt: number) => Math.min(500 * 2 ** (attempt - 1), 8000);

type Thread = InfiniteData<TCursorPage<TDirectMessage>, unknown>;

/** The thread with this message at its newest end, unless it is there already. */
export function withMessage(
  thread: Thread | undefined,
  message: TDirectMessage,
): Thread | undefined {
  if (!thread) return thread;
  if (thread.pages.some((p) => p.results.some((m) => m.id === message.id))) return thread;
  const [first, ...rest] = thread.pages;
  if (!first) return thread;
  return { ...thread, pages: [{ ...first, results: [message, ...first.results] }, ...rest] };
}

/** The pages (newest first, each newest first) as the screen shows them: oldest at the top. */
export function chronological(thread: Thread | undefined): TDirectMessage[] {
  return (thread?.pages ?? []).flatMap((p) => p.results).reverse();
}

/** "3" or "99+" (spec §9's cap for counts in badges). */
export const badge = (n: number) => (n > 99 ? '99+' : String(n));
