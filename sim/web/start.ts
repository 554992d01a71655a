// `npm start`: builds the browser simulation and serves it on localhost, or, with --terminal, runs
// the terminal front panel instead.
//   npm start                       the page at http://127.0.0.1:<free port>/
//   npm start -- --port 8080        a fixed port
//   npm start -- --terminal [...]   the terminal front panel (its flags follow: --seed, --store, --bounce...)

import { buildWeb, WEB_DIR } from './build.ts';
import { serveStatic } from './serve.ts';
import { UsageError } from '../../common/args.ts';

const USAGE = `usage: npm start -- [--port N]
       npm start -- --terminal [panel flags, see npm run panel -- --help]

Builds the browser simulation into build/web/ and serves it on http://127.0.0.1 (a free port unless
--port is given). Ctrl-C stops the server.`;

function parsePort(args: readonly string[]): number {
  if (args.length === 0) return 0;
  const [flag, value, ...rest] = args;
  if (flag === '--help' || flag === '-h') {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  if (flag !== '--port' || value === undefined || rest.length > 0) throw new UsageError(`unexpected arguments: ${args.join(' ')}`);
  if (!/^\d{1,5}$/.test(value) || Number(value) < 1 || Number(value) > 65535) {
    throw new UsageError(`--port needs a port number 1..65535, got "${value}"`);
  }
  return Number(value);
}

async function servePage(args: readonly string[]): Promise<void> {
  let port: number;
  try {
    port = parsePort(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`start: ${error.message}\n${USAGE}\n`);
    process.exit(2);
  }
  await buildWeb();
  const server = await serveStatic({ root: WEB_DIR, port });
  process.stdout.write(`Imperial Timer simulator: ${server.url}\n(terminal front panel: npm run panel; Ctrl-C stops the server)\n`);
  const stop = (): void => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--terminal') {
    // The panel reads its own flags from process.argv when it is loaded.
    process.argv.splice(2, 1);
    await import('../cli/panel.ts');
    return;
  }
  await servePage(args);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`start: ${message}\n`);
  process.exit(1);
});
