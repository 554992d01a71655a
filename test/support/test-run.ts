// `npm test` after the firmware build and the lint: the type check and every test at once. The
// type check (about 30 s of one core on a fresh clone) runs beside vitest instead of before it;
// its output is held and printed after the tests', and the run fails if either fails. Arguments
// go to vitest (a file or a name to run only those).
import { spawn } from 'node:child_process';

function run(args: readonly string[], stdio: 'inherit' | 'pipe'): { done: Promise<number>; output: () => string } {
  const child = spawn(process.execPath, args, { stdio: ['ignore', stdio, stdio] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const done = new Promise<number>((resolve) => {
    child.on('error', (error) => {
      output += `${error.message}\n`;
      resolve(1);
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
  return { done, output: () => output };
}

const typecheck = run(['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json'], 'pipe');
const tests = run(['node_modules/vitest/vitest.mjs', 'run', ...process.argv.slice(2)], 'inherit');
const [testStatus, typeStatus] = await Promise.all([tests.done, typecheck.done]);
if (typeStatus === 0) {
  console.log('Type check: no errors.');
} else {
  console.error(`Type check failed (npm run typecheck shows it alone):\n${typecheck.output()}`);
}
process.exitCode = testStatus !== 0 ? testStatus : typeStatus;
