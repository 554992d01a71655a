// Runs bench sections one after the other and prints their figures. A section that throws is
// reported (its title and the error) and the next one still runs; the caller gets the titles of
// the sections that failed, to say so at the end and exit non-zero.
import type { BenchSection } from './section.ts';

export interface NamedSection {
  /** The file's name without `.section.ts` (what `npm run bench -- <name>` picks). */
  readonly name: string;
  load(): Promise<BenchSection>;
}

/** Prints each section's figures through `print`; returns the names and errors of the sections that failed. */
export async function runSections(sections: readonly NamedSection[], print: (line: string) => void): Promise<{ name: string; error: string }[]> {
  const failed: { name: string; error: string }[] = [];
  for (const entry of sections) {
    let headed = false;
    try {
      const section = await entry.load();
      print(`\n== ${section.title} ==`);
      headed = true;
      const figures = await section.run();
      const width = Math.max(0, ...figures.map((figure) => figure.label.length));
      for (const figure of figures) print(`  ${figure.label.padEnd(width)}  ${figure.value}`);
    } catch (error: unknown) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      if (!headed) print(`\n== ${entry.name} ==`);
      print(`  FAILED (${entry.name}): ${message}`);
      failed.push({ name: entry.name, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return failed;
}

/** The sections to run: all of `available` (in order) when none are named, else the named ones; an unknown name is an error listing the names. */
export function pickSections(available: readonly string[], named: readonly string[]): string[] {
  if (named.length === 0) return [...available];
  const unknown = named.filter((name) => !available.includes(name));
  if (unknown.length > 0) {
    throw new Error(`no bench section named ${unknown.map((n) => `"${n}"`).join(', ')}; the sections are: ${available.join(', ')}`);
  }
  return available.filter((name) => named.includes(name));
}
