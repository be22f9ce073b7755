// `npm start`: builds the web app when missing or stale, then runs the server (embedded database, demo data,
// web app and API on one port).
import { bootstrap, run, webBuildIsStale } from './lib.mjs';

bootstrap();
if (webBuildIsStale()) {
  const code = run('npm', ['run', 'build', '-w', 'apps/web']);
  if (code !== 0) process.exit(code);
}
await import('../apps/server/src/main.ts');
