import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './core/config/config.ts';
import { databaseOptionsFromConfig, openDatabase } from './core/db/database.ts';
import { DEMO_PASSWORD, seedDemo } from './features/demo/index.ts';

/** config → database → migrate → (demo seed) → listen; then wait for a signal. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Atrium cannot start. ${err.message}`);
      process.exit(1);
    }
    throw err;
  }

  const database = openDatabase(databaseOptionsFromConfig(config), {
    onIdleError: (err) =>
      console.error(`database connection lost (the pool reconnects): ${err.message}`),
  });
  await database.migrate();
  const app = await buildApp({ config, database });

  if (config.demo) {
    const seeded = await seedDemo(app.ctx);
    app.log.info(seeded ? 'demo data created' : 'demo data already present');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // A hung request must not keep the process alive forever.
    const timer = setTimeout(() => {
      app.log.error('graceful shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownGraceMs);
    timer.unref();
    try {
      // The pool closes after the app: the app's own onClose hooks stop the job queue, whose
      // last batch still needs it (an onClose hook of ours could run before theirs).
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  // The content origin (SCORM packages): its own port, so package pages never run on the app's.
  await app.contentApp.listen({ host: config.host, port: config.content.port });
  const contentAddress = app.contentApp.server.address();
  if (contentAddress && typeof contentAddress === 'object')
    app.ctx.contentOrigin.listeningOn(contentAddress.port);
  // Background work (queued mails...) runs on every node; each job is claimed by one.
  app.ctx.jobs.start();
  const engine = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL';
  app.log.info(`Atrium ${config.env} on ${config.publicBaseUrl} (database: ${engine})`);
  if (config.demo) {
    console.log(
      [
        '',
        `  Atrium is running on ${config.publicBaseUrl}`,
        '  Demo accounts (demo mode only): superadmin, admin, trainer, learner',
        `  Password for each: ${DEMO_PASSWORD}`,
        `  API documentation: ${config.publicBaseUrl}/api/docs`,
        `  Content origin (SCORM packages): port ${contentAddress && typeof contentAddress === 'object' ? contentAddress.port : config.content.port}`,
        '',
      ].join('\n'),
    );
  }
}

main().catch((err) => {
  console.error('Atrium failed to start:', err);
  process.exit(1);
});
