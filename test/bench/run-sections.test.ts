// The bench's runner (test/bench/run-sections.ts): a failing section is reported and the next
// one still runs, the failures are returned for the exit status; sections picked by name.
import { describe, expect, it } from 'vitest';
import { pickSections, runSections } from './run-sections.ts';

describe('the bench runner', () => {
  it('goes on after a section that throws (or fails to load) and returns the failures', async () => {
    const lines: string[] = [];
    const failed = await runSections(
      [
        { name: 'first', load: async () => ({ title: 'First', run: () => [{ label: 'speed', value: '3 games/s' }] }) },
        {
          name: 'broken',
          load: async () => ({
            title: 'Broken',
            run: () => {
              throw new TypeError("Cannot read properties of null (reading 'guess')");
            },
          }),
        },
        { name: 'unloadable', load: async () => Promise.reject(new Error('must export default a BenchSection')) },
        { name: 'last', load: async () => ({ title: 'Last', run: async () => [{ label: 'size', value: '15 KB' }] }) },
      ],
      (line) => lines.push(line),
    );
    expect(failed).toEqual([
      { name: 'broken', error: "Cannot read properties of null (reading 'guess')" },
      { name: 'unloadable', error: 'must export default a BenchSection' },
    ]);
    const text = lines.join('\n');
    expect(text).toContain('== First ==\n  speed  3 games/s');
    expect(text).toContain("== Broken ==\n  FAILED (broken): TypeError: Cannot read properties of null (reading 'guess')");
    expect(text).toContain('== unloadable ==\n  FAILED (unloadable): Error: must export default a BenchSection');
    expect(text).toContain('== Last ==\n  size  15 KB');
  });

  it('runs every section when none is named, only the named ones otherwise, and names the choices for an unknown one', () => {
    const available = ['engine', 'queens-gambit', 'secret-invasion'];
    expect(pickSections(available, [])).toEqual(available);
    expect(pickSections(available, ['secret-invasion', 'engine'])).toEqual(['engine', 'secret-invasion']);
    expect(() => pickSections(available, ['engin'])).toThrow('no bench section named "engin"; the sections are: engine, queens-gambit, secret-invasion');
  });
});
