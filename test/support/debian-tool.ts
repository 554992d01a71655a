// Tests that need a Debian package: skipped with a message naming the package where it is
// missing, except in CI (CI=true), where a missing tool is a failure.
import { spawnSync } from 'node:child_process';

export function commandAvailable(command: string, args: readonly string[] = ['-V']): boolean {
  const result = spawnSync(command, args, { stdio: 'ignore' });
  return result.error === undefined;
}

/** True when `command` is here; false (after a warning) when not, and throws under CI. */
export function debianToolOrSkip(command: string, debianPackage: string, what: string, args?: readonly string[]): boolean {
  if (commandAvailable(command, args)) return true;
  const message = `${what} needs ${command}: install the Debian package ${debianPackage} (apt-get install ${debianPackage})`;
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(`skipping ${what}: ${message}`);
  return false;
}
