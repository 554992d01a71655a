// The browser simulation bundles the timer's page alone: no game's rules (a pack file is
// checked by host/pack/pack-placards.ts, which holds none).
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { pageBuildOptions } from '../../sim/web/build.ts';

describe("the simulator page's bundle", () => {
  it('takes nothing from host/games/', async () => {
    const result = await build({ ...pageBuildOptions(join(tmpdir(), 'page-inputs')), write: false, metafile: true });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs).toContain('sim/web/pack-load.ts');
    expect(inputs).toContain('host/pack/pack-placards.ts');
    expect(inputs.filter((i) => i.startsWith('host/games/'))).toEqual([]);
  });
});
