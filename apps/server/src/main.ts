import { loadConfig } from './config/config.ts';
import { loggerOptions, resolveLogFormat } from './http/logging.ts';
import { createServer } from './server.ts';

const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `Meridian needs Node.js 24 or newer (this is ${process.version}); run it through npm scripts.`,
  );
  process.exit(1);
}

const started = performance.now();
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

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await server.close();
    process.exit(0);
  });
}
