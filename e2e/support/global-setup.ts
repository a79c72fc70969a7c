import type { TestProject } from 'vitest/node';
import { startServer } from './server.ts';
import { ensureWebBuild } from './web-build.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the Atrium server under test, e.g. http://127.0.0.1:41234. */
    baseURL: string;
  }
}

export default async function setup(project: TestProject) {
  ensureWebBuild();
  const server = await startServer();
  project.provide('baseURL', server.baseURL);
  return async () => {
    await server.stop();
  };
}
