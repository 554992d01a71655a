// The modules of Stolen Plans import each other as a tree: no module reaches itself through its
// imports (type imports included), so each can be read with only what lies below it in mind.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../host/games/stolen-plans/', import.meta.url));

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? modules(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/** Each module's imports of other modules of the folder (relative paths, from `import ... from` and `export ... from`). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of modules(ROOT)) {
    const source = readFileSync(file, 'utf8');
    const targets = [...source.matchAll(/^(?:import|export)\s[^;]*?\sfrom\s+'(\.[^']+)'/gms)]
      .map((m) => normalize(join(dirname(file), m[1] as string)))
      .filter((target) => target.startsWith(ROOT))
      .map((target) => relative(ROOT, target));
    graph.set(relative(ROOT, file), targets);
  }
  return graph;
}

/** A chain of imports that comes back to where it started, or null. */
function findCircle(graph: ReadonlyMap<string, readonly string[]>): string[] | null {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    const at = path.indexOf(node);
    if (at >= 0) return [...path.slice(at), node];
    if (done.has(node)) return null;
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const circle = visit(next);
      if (circle !== null) return circle;
    }
    path.pop();
    done.add(node);
    return null;
  };
  for (const node of graph.keys()) {
    const circle = visit(node);
    if (circle !== null) return circle;
  }
  return null;
}

describe('Stolen Plans modules', () => {
  it('import each other as a tree (no circle)', () => {
    const graph = importGraph();
    expect(graph.get('rules.ts')).toContain('decisions/index.ts');
    expect(findCircle(graph)).toBeNull();
  });

  it('the circle finder finds a circle', () => {
    expect(
      findCircle(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', ['c.ts']],
          ['c.ts', ['a.ts']],
        ]),
      ),
    ).toEqual(['a.ts', 'b.ts', 'c.ts', 'a.ts']);
  });

  it('every decision kind has its module in decisions/', () => {
    const table = readFileSync(join(ROOT, 'decisions/index.ts'), 'utf8');
    const kinds = [...readFileSync(join(ROOT, 'state.ts'), 'utf8').matchAll(/readonly at: '([a-z-]+)'/g)].map((m) => m[1] as string);
    expect(new Set(kinds).size).toBe(27);
    for (const kind of new Set(kinds)) expect(table).toContain(`from './${kind}.ts'`);
  });
});
