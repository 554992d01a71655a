// The firmware build: data validation with clear messages, a quiet stdout, and a module
// that imports nothing but the ABI. The cases with edited data run build.ts bundled once into
// plain JavaScript (esbuild, as tsx would compile it) with node, so each case costs a node start,
// not a tsx one; the up-to-date run is the real `tsx firmware/build.ts`.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { EXPORT_READABLE_NAMES, readableImport } from '../../firmware/abi-names.ts';
import { FIRMWARE_PATH } from '../support/firmware-harness.ts';

const root = new URL('../../', import.meta.url);
const path = (relative: string): string => new URL(relative, root).pathname;

interface Placard {
  id: string;
  code?: string;
  inquisitor?: boolean;
}
interface Pack {
  placards: Placard[];
}

const pack = JSON.parse(readFileSync(path('firmware/pack/rebel-missions.json'), 'utf8')) as Pack;
const sounds = JSON.parse(readFileSync(path('firmware/sounds.json'), 'utf8')) as { sounds: Record<string, unknown> };
const lights = JSON.parse(readFileSync(path('firmware/lights.json'), 'utf8')) as {
  cues: Record<string, unknown>;
  play: Record<string, unknown>;
};
const text = JSON.parse(readFileSync(path('firmware/text.json'), 'utf8')) as { texts: Record<string, unknown>; lists: Record<string, unknown> };
const commands = JSON.parse(readFileSync(path('firmware/commands.json'), 'utf8')) as { commands: Record<string, unknown>[] };
const scratch = mkdtempSync(join(tmpdir(), 'firmware-build-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** build.ts and build-tables.ts as one plain ES module (its packages left to node_modules). */
const bundledBuild = join(scratch, 'build.mjs');
buildSync({
  entryPoints: [path('firmware/build.ts')],
  outfile: bundledBuild,
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  logLevel: 'error',
});

/** Runs build.ts (bundled) in a scratch copy of the project with edited data; returns exit code and output. */
function buildWith(edit: {
  pack?: (pack: Pack) => void;
  sounds?: (sounds: Record<string, unknown>) => void;
  lights?: (cues: Record<string, unknown>) => void;
  play?: (play: Record<string, unknown>) => void;
  text?: (text: { texts: Record<string, unknown>; lists: Record<string, unknown> }) => void;
  commands?: (commands: Record<string, unknown>[]) => void;
}) {
  const dir = mkdtempSync(join(scratch, 'case-'));
  mkdirSync(join(dir, 'firmware', 'pack'), { recursive: true });
  copyFileSync(bundledBuild, join(dir, 'firmware', 'build.mjs'));
  const textCopy = structuredClone(text);
  edit.text?.(textCopy);
  writeFileSync(join(dir, 'firmware', 'text.json'), JSON.stringify(textCopy));
  const commandsCopy = structuredClone(commands);
  edit.commands?.(commandsCopy.commands);
  writeFileSync(join(dir, 'firmware', 'commands.json'), JSON.stringify(commandsCopy));
  copyFileSync(path('package.json'), join(dir, 'package.json'));
  copyFileSync(path('firmware/ram.json'), join(dir, 'firmware', 'ram.json'));
  cpSync(path('firmware/src'), join(dir, 'firmware', 'src'), { recursive: true });
  const lightsCopy = structuredClone(lights);
  edit.lights?.(lightsCopy.cues);
  edit.play?.(lightsCopy.play);
  writeFileSync(join(dir, 'firmware', 'lights.json'), JSON.stringify(lightsCopy));
  const packCopy = structuredClone(pack);
  edit.pack?.(packCopy);
  writeFileSync(join(dir, 'firmware', 'pack', 'rebel-missions.json'), JSON.stringify(packCopy));
  const soundsCopy = structuredClone(sounds);
  edit.sounds?.(soundsCopy.sounds);
  writeFileSync(join(dir, 'firmware', 'sounds.json'), JSON.stringify(soundsCopy));
  const result = spawnSync(process.execPath, [join(dir, 'firmware', 'build.mjs')], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function setCode(id: string, code: string | undefined) {
  return (p: Pack): void => {
    const placard = p.placards.find((entry) => entry.id === id);
    if (!placard) throw new Error(`no placard ${id}`);
    placard.code = code;
  };
}

describe('firmware build', () => {
  it('prints nothing on stdout when the build is up to date', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', path('firmware/build.ts')], { encoding: 'utf8' });
    expect(out).toBe('');
  });

  it.each<[string, (p: Pack) => void, RegExp]>([
    ['a code with a symbol twice in a row', setCode('M03', '311'), /placard M03: code 311 has symbol 1 twice in a row/],
    ['a code used twice', setCode('M05', '312'), /placard M05: code 312 is already printed on placard M01/],
    ['a code of 4 digits', setCode('M07', '1234'), /placard M07: "code" must be 3 digits, each 1..4/],
    ['a digit outside 1..4', setCode('M08', '152'), /placard M08: "code" must be 3 digits/],
    ['a missing code', setCode('M09', undefined), /placard M09: "code" must be 3 digits/],
    [
      'a coded inquisitor',
      (p) => {
        const i = p.placards.find((e) => e.id === 'I1');
        if (i) i.code = '123';
      },
      /placard I1: an inquisitor placard has no code/,
    ],
    [
      '23 coded placards',
      (p) => {
        p.placards = p.placards.filter((e) => e.id !== 'M24');
      },
      /exactly 24 coded placards .* found 23/,
    ],
  ])('rejects a pack with %s, naming the file, the entry and the problem', (_kind, edit, message) => {
    const result = buildWith({ pack: edit });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('firmware/pack/rebel-missions.json');
    expect(result.stderr).toMatch(message);
  });

  it.each<[string, (s: Record<string, unknown>) => void, RegExp]>([
    [
      'a missing sound',
      (s) => {
        delete s.fanfare;
      },
      /sound "fanfare" must be a list/,
    ],
    [
      'an unknown sound',
      (s) => {
        s.laser = [[440, 10]];
      },
      /sound "laser" is not a firmware sound/,
    ],
    [
      'a bad note',
      (s) => {
        s.chime = [[440, 0]];
      },
      /sound "chime", note 1: must be \[hz, ms\]/,
    ],
  ])('rejects sounds.json with %s', (_kind, edit, message) => {
    const result = buildWith({ sounds: edit });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('firmware/sounds.json');
    expect(result.stderr).toMatch(message);
  });

  it.each<[string, (c: Record<string, unknown>) => void, RegExp]>([
    [
      'a missing cue',
      (c) => {
        delete c.decoy;
      },
      /cue "decoy" must be a list: the firmware uses it \(CUE_DECOY in firmware\/src\//,
    ],
    [
      'an unknown cue',
      (c) => {
        c.laser = [['#.........|....', 10]];
      },
      /cue "laser" is not a firmware cue/,
    ],
    [
      'a face of 9 segments',
      (c) => {
        c.chime = [['#........|....', 10]];
      },
      /cue "chime", frame 1: must be \[face, ms\]/,
    ],
    [
      'a frame of 0 ms',
      (c) => {
        c.used = [['##########|####', 0]];
      },
      /cue "used", frame 1: must be \[face, ms\]/,
    ],
  ])('rejects lights.json with %s', (_kind, edit, message) => {
    const result = buildWith({ lights: edit });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('firmware/lights.json');
    expect(result.stderr).toMatch(message);
  });

  it.each<[string, (p: Record<string, unknown>) => void, RegExp]>([
    [
      'PLAY of an unknown sound',
      (p) => {
        p.laser = null;
      },
      /"play" names sound "laser", which sounds.json does not define/,
    ],
    [
      'PLAY showing an unknown cue',
      (p) => {
        p.chime = 'laser';
      },
      /"play" must give sound "chime" a cue of "cues" or null, got "laser"/,
    ],
  ])('rejects lights.json with %s', (_kind, edit, message) => {
    const result = buildWith({ play: edit });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('firmware/lights.json');
    expect(result.stderr).toMatch(message);
  });

  it.each<[string, (t: { texts: Record<string, unknown>; lists: Record<string, unknown> }) => void, RegExp]>([
    [
      'a missing text',
      (t) => {
        delete t.texts.EVT_WAKE;
      },
      /text "evt_wake" must be a list: the firmware uses it \(TEXT_EVT_WAKE in firmware\/src\//,
    ],
    [
      'a text no source uses',
      (t) => {
        t.texts.EVT_LASER = 'EVT LASER';
      },
      /text "evt_laser" is not a firmware text/,
    ],
    [
      'a text that is not printable ASCII',
      (t) => {
        t.texts.EVT_WAKE = 'EVT WAKE\u00e9';
      },
      /text EVT_WAKE: must be 1\.\.31 printable ASCII characters/,
    ],
    [
      'a list entry that is not letters and digits (lines are matched against it in any case)',
      (t) => {
        t.lists.CONFIG_KEY = ['duration', 'correct', 'need', 'sleep', 'vol_ume'];
      },
      /list CONFIG_KEY entry 4: must be letters and digits only \(lines are matched against it in any case\), got "vol_ume"/,
    ],
    [
      'the states in another order',
      (t) => {
        t.lists.STATE = ['running', 'ready', 'paused', 'won', 'lost', 'sleep', 'table'];
      },
      /list STATE must be the firmware's states in their numbering: ready, running, paused, won, lost, sleep, table/,
    ],
  ])('rejects text.json with %s', (_kind, edit, message) => {
    const result = buildWith({ text: edit });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('firmware/text.json');
    expect(result.stderr).toMatch(message);
  });

  it.each<[string, (c: Record<string, unknown>[]) => void, RegExp]>([
    [
      'a command the sources do not run',
      (c) => {
        c.push({ name: 'laser', words: 'LASER', args: [0, 0], states: ['ready'] });
      },
      /command "laser" is not a firmware command/,
    ],
    [
      'a command missing',
      (c) => {
        c.splice(
          c.findIndex((command) => command.name === 'battery'),
          1,
        );
      },
      /command "battery" must be a list: the firmware uses it \(CMD_BATTERY in firmware\/src\//,
    ],
    [
      'a command allowed in sleep',
      (c) => {
        if (c[0]) c[0].states = ['ready', 'sleep'];
      },
      /command hello: "states" must list the states it runs in, of ready, running, paused, won, lost, table/,
    ],
    [
      'arguments the wrong way round',
      (c) => {
        if (c[0]) c[0].args = [2, 1];
      },
      /command hello: "args" must be \[min, max\]/,
    ],
  ])('rejects commands.json with %s', (_kind, edit, message) => {
    const result = buildWith({ commands: edit });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('firmware/commands.json');
    expect(result.stderr).toMatch(message);
  });

  it('builds a module that imports only the ABI, exports only the ABI and has one fixed memory page', () => {
    const module = new WebAssembly.Module(readFileSync(FIRMWARE_PATH));
    // The module holds the wire names of firmware/abi.json; the ABI is read in its readable names.
    const imports = WebAssembly.Module.imports(module)
      .map((i) => readableImport(i.module, i.name))
      .sort();
    expect(imports).toEqual(['batteryMv', 'leds', 'nvCommit', 'nvRead', 'nvWrite', 'reboot', 'sleep', 'sound', 'tone', 'tx'].map((n) => `env.${n}`));
    const exports = WebAssembly.Module.exports(module)
      .map((e) => EXPORT_READABLE_NAMES.get(e.name) ?? e.name)
      .sort();
    expect(exports).toEqual(
      [
        'button',
        'entryLength',
        'entrySymbol',
        'found',
        'heapTop',
        'init',
        'ledMask',
        'need',
        'nextWake',
        'powerMode',
        'rx',
        'soundPlaying',
        'state',
        'tick',
        'timeLeft',
        'toneHz',
      ].sort(),
    );
    const wasm = readFileSync(FIRMWARE_PATH);
    // memory section (id 5): one memory with flags 1 (has max), initial 1 page, maximum 1 page
    const memorySection = wasm.indexOf(Buffer.from([0x05, 0x04, 0x01, 0x01, 0x01, 0x01]));
    expect(memorySection).toBeGreaterThan(0);
  });
});
