import { enableCompileCache } from 'node:module';

const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `Meridian needs Node.js 24 or newer (this is ${process.version}); run it through npm scripts.`,
  );
  process.exit(1);
}

const started = performance.now();
// The modules' compiled code (TypeScript stripped, V8 bytecode) is cached on disk (the OS's temporary folder) and
// reused by the next start: a second start loads the server in about two thirds of the time. The modules are
// imported after this line, hence dynamically.
enableCompileCache();
(await import('./lib/fast-resolve.ts')).registerFastResolve();
const [{ loadConfig }, { loggerOptions, resolveLogFormat }, { createServer }, { trimWhenIdle }] =
  await Promise.all([
    import('./config/config.ts'),
    import('./http/logging.ts'),
    import('./server.ts'),
    import('./lib/memory.ts'),
  ]);
let config;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

const server = await createServer(config, {
  logger: loggerOptions({
    level: config.LOG_LEVEL,
    format: resolveLogFormat(config.LOG_FORMAT, process.stdout.isTTY),
  }),
});
const address = await server.app.listen({ port: config.PORT, host: config.HOST });
server.app.log.info(
  { database: server.handle.kind, startup_ms: Math.round(performance.now() - started) },
  `Meridian Dashboard listening on ${address}`,
);

// Stops gracefully from the moment it listens (the job queue's start included).
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await server.close();
    process.exit(0);
  });
}

// The job queue starts beside the listener (work handed to it meanwhile waits); a queue that cannot start stops
// the process, as a database that cannot be opened does.
try {
  await server.jobs;
} catch (err) {
  server.app.log.fatal({ err }, 'the job queue could not start');
  process.exit(1);
}
// What loading and composing left behind goes back to the system once the process is idle after listening (not
// at once: the first requests would wait for the collection), and whatever a burst of work leaves behind once it is
// idle again (lib/memory.ts): checked every 10 s, so that a load's heap is given back within ~20 s of its end.
trimWhenIdle({
  firstAfterMs: 2_000,
  intervalMs: 10_000,
  log: (figures) => server.app.log.debug(figures, 'memory trimmed'),
});
