import { inject } from 'vitest';
import type { CaughtMail } from './mail-catcher.ts';

const POLL_MS = 100;
const TIMEOUT_MS = 10_000;

/** The newest mail to `to` whose subject matches, waiting for it to arrive. */
export async function waitForMail(to: string, subject: RegExp): Promise<CaughtMail> {
  const mailboxURL = inject('mailboxURL');
  const deadline = Date.now() + TIMEOUT_MS;
  while (Date.now() < deadline) {
    const mails = (await (await fetch(`${mailboxURL}/mails`)).json()) as CaughtMail[];
    const match = mails
      .filter((mail) => mail.to.includes(to.toLowerCase()) && subject.test(mail.subject))
      .at(-1);
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`No mail to ${to} with a subject matching ${subject} within ${TIMEOUT_MS} ms`);
}

/** The first link in a mail's text whose path starts with `pathPrefix`, as a path. */
export function linkIn(mail: CaughtMail, pathPrefix: string): string {
  for (const candidate of mail.text.match(/https?:\/\/\S+/g) ?? []) {
    const url = new URL(candidate);
    if (url.pathname.startsWith(pathPrefix)) return url.pathname;
  }
  throw new Error(`No ${pathPrefix} link in the mail:\n${mail.text}`);
}

/** The 6-digit one-time code of a password reset mail. */
export function codeIn(mail: CaughtMail): string {
  const code = /code is (\d{6})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No 6-digit code in the mail:\n${mail.text}`);
  return code;
}
