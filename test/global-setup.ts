// Builds build/firmware.wasm once before any suite runs (a no-op when it is up to date).
import { execFileSync } from 'node:child_process';

export default function setup(): void {
  execFileSync(process.execPath, ['firmware/build.mjs'], { stdio: ['ignore', 'inherit', 'inherit'] });
}
