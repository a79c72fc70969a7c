import type { TestProject } from 'vitest/node';
import { startMailCatcher } from './mail-catcher.ts';
import { startServer } from './server.ts';
import { ensureWebBuild } from './web-build.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the Atrium server under test, e.g. http://127.0.0.1:41234. */
    baseURL: string;
    /** Origin of the mail catcher's HTTP endpoint (GET /mails). */
    mailboxURL: string;
  }
}

export default async function setup(project: TestProject) {
  ensureWebBuild();
  const mail = await startMailCatcher();
  const server = await startServer({ SMTP_URL: mail.smtpUrl });
  project.provide('baseURL', server.baseURL);
  project.provide('mailboxURL', mail.mailboxURL);
  return async () => {
    await server.stop();
    await mail.stop();
  };
}
