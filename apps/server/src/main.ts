import { loadConfig } from './config/config.ts';
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
  logger: {
    level: config.LOG_LEVEL,
    // Never log query strings (reset tokens travel in links) or headers (bearer tokens).
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        id: req.id,
        method: req.method,
        path: req.url.split('?')[0],
      }),
    },
  },
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
