// `imperial-timer pack --file F` and `--builtin`: a saved pack onto the virtual timer (in this
// process and over a pseudo-terminal, also as the real program), checked back with CODES and
// PACK; bad pack files refused with what is wrong and where, the timer left alone; the protocol
// client's pack methods all or nothing.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../host/cli/args.ts';
import { connectTimer } from '../../host/link/timer-connection.ts';
import { STANDARD_COMPONENTS } from '../../host/games/rebel-missions/index.ts';
import { CommandError } from '../../host/link/protocol-client.ts';
import { packJson, packText, readPackFile, timerCodesOf, type PackDraft } from '../../host/pack/pack-file.ts';
import { packSum } from '../../host/pack/pack-sum.ts';
import { refusalText, TimerPackError, verifyTimerPack } from '../../host/pack/timer-pack.ts';
import { debianToolOrSkip } from '../support/debian-tool.ts';
import { testTempDir } from '../support/temp-dir.ts';
import { memoryIo, runCompanion } from './cli-process.ts';
import { runPack, watchedTimer } from './pack-support.ts';

const BUILTIN_SUM = packSum(timerCodesOf(STANDARD_COMPONENTS.placards));
const haveSocat = debianToolOrSkip('socat', 'socat', 'pack --file over a pseudo-terminal');

const DRAFT: PackDraft = {
  id: 'test-pack',
  name: 'Test placards',
  coded: [
    { digits: '214', printedId: '07', name: 'Hold Lothal', needs: { blaster: 1 } },
    { digits: '343', printedId: null, name: 'Steal the Plans', needs: { intel: 2 } },
    { digits: '121', printedId: 'X-2', name: 'Run', needs: { fuel: 1, tools: 1 } },
  ],
  inquisitors: [{ name: 'The Inquisitor', needs: { blaster: 2 } }],
};
const CODES = [{ digits: '214', id: '07' }, { digits: '343' }, { digits: '121', id: 'X-2' }];

function writePack(value: unknown, name = 'pack.json'): string {
  const path = join(testTempDir('pack-file-'), name);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  return path;
}

async function run(args: string[], timer = watchedTimer()) {
  const { io, out, err } = memoryIo('');
  const code = await runPack(args, io, timer.deps);
  return { code, out: out(), err: err(), timer };
}

describe('pack --file', () => {
  it('loads a saved pack onto the built-in virtual timer and checks it with CODES and PACK', async () => {
    const file = writePack(packJson(DRAFT));
    expect(readPackFile(file).timerCodes).toEqual(CODES);
    const r = await run(['--file', file]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`The built-in virtual timer holds the pack now: 3 codes, sum ${packSum(CODES)}`);
    expect(r.out).toContain(`play rebel-missions --pack ${file}`);
    expect(r.timer.choice()).toMatchObject({ kind: 'auto', required: false }); // the one timer plugged in on USB, else the built-in one
    expect(r.timer.last()).toEqual({ codes: CODES.map((c, i) => ({ index: i + 1, ...c })), pack: { source: 'loaded', n: 3, sum: packSum(CODES) } });
  });

  it('writes a pack file one placard a line, which reads back the same (names with quotes and colons too)', () => {
    const draft: PackDraft = {
      ...DRAFT,
      coded: [{ ...DRAFT.coded[0], name: 'Say "hi": go, "now"', digits: '214', needs: { blaster: 1 } }, ...DRAFT.coded.slice(1)],
    };
    const text = packText(packJson(draft));
    expect(JSON.parse(text)).toEqual(packJson(draft));
    expect(text.split('\n').filter((l) => l.startsWith('    {'))).toHaveLength(4);
    expect(text).toContain('{"id": "M01", "name": "Say \\"hi\\": go, \\"now\\"", "code": "214", "printedId": "07", "needs": {"blaster": 1}}');
  });

  it.runIf(haveSocat)('loads it over --pty, through the serial port stack', async () => {
    const file = writePack(packJson(DRAFT));
    const r = await run(['--file', file, '--pty']);
    expect(r.code).toBe(0);
    expect(r.timer.choice()).toMatchObject({ kind: 'pty' });
    expect(r.out).toMatch(/The built-in virtual timer \(behind \S+\) holds the pack now: 3 codes/);
    expect(r.out).toContain(`--pack ${file} --pty`);
    expect(r.timer.last()?.pack).toEqual({ source: 'loaded', n: 3, sum: packSum(CODES) });
  });

  it.runIf(haveSocat)('works as the real program: pack --file F --pty', async () => {
    const file = writePack(packJson(DRAFT));
    const { code, stdout, stderr } = await runCompanion(['pack', '--file', file, '--pty']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain(
      `holds the pack now: 3 codes, sum ${packSum(CODES)} (read back with CODES and PACK: the same; before, it held its built-in pack (24 codes, sum ${BUILTIN_SUM})).`,
    );
  });

  it('refuses a bad pack file, saying what is wrong and where, without touching the timer', async () => {
    const good = packJson(DRAFT);
    const placards = good['placards'] as Record<string, unknown>[];
    const withPlacard = (i: number, change: Record<string, unknown>) => ({ ...good, placards: placards.map((p, k) => (k === i ? { ...p, ...change } : p)) });
    const codes36 = ['1', '2', '3', '4']
      .flatMap((a) => ['1', '2', '3', '4'].flatMap((b) => ['1', '2', '3', '4'].map((c) => a + b + c)))
      .filter((d) => !/(.)\1/.test(d));
    const many = codes36.slice(0, 25).map((code, i) => ({ id: `M${i}`, name: `N${i}`, code, needs: { fuel: 1 } }));
    const cases: [unknown, RegExp][] = [
      ['{ "format": ', /is not a pack file: it is not valid JSON/],
      [withPlacard(0, { code: '144' }), /placard 1 \(M01\), code: "144" has the same symbol twice in a row/],
      [withPlacard(1, { code: '214' }), /placard 2 \(M02\), code: "214" is already the code of placard 1 \(M01\): no two placards share a code/],
      [
        withPlacard(0, { code: '15' }),
        /placard 1 \(M01\), code: "15" is not a code: a code is 3 of the symbols' digits \(1 circle, 2 square, 3 diamond, 4 star\)/,
      ],
      [withPlacard(0, { printedId: 'far too long' }), /placard 1 \(M01\), printedId: "far too long" is not 1 to 8 letters, digits, - or _/],
      [
        withPlacard(2, { printedId: '07' }),
        /placard 3 \(M03\), printedId: "07" is already the id of placard 1 \(M01\): no two placards share the id printed on them/,
      ],
      [withPlacard(2, { id: 'M01' }), /placard 3 \(M01\), id: "M01" is already the "id" of placard 1 \(M01\)/],
      [withPlacard(0, { id: 'M 1' }), /placard 1 \(M 1\), id: "M 1" cannot be a placard's id: use letters, digits and -/],
      [withPlacard(3, { printedId: 'I' }), /placard 4 \(I1\), printedId: an Inquisitor placard has no code/],
      [withPlacard(0, { neds: {} }), /unknown field "neds"/],
      [{ ...good, placards: many }, /placards: 25 coded placards, but a timer holds at most 24 codes/],
      [{ ...good, symbols: ['circle', 'star', 'diamond', 'square'] }, /symbols: the timer's symbols are circle, square, diamond, star/],
      [{ ...good, format: 'pack/2' }, /format: expected "imperial-timer-pack\/1"/],
    ];
    for (const [value, message] of cases) {
      const file = writePack(value);
      const r = await run(['--file', file]);
      expect(r.code, String(message)).toBe(1);
      expect(r.err).toContain(file);
      expect(r.err).toMatch(message);
      expect(r.err).toMatch(/The timer was not changed\./);
      // In words: no regular expression, no 0-based list index.
      expect(r.err).not.toMatch(/\/\^|\[\d+\]/);
      expect(r.timer.choice()).toBeUndefined();
    }
    const missing = await run(['--file', join(testTempDir('pack-none-'), 'none.json')]);
    expect(missing.err).toMatch(/there is no pack file .*none\.json \(make one with `npm run -s companion -- pack`\)/);
  });

  it('refuses flags that do not go together', async () => {
    const { io } = memoryIo('');
    const deps = watchedTimer().deps;
    await expect(runPack(['--file', 'a.json', '--builtin'], io, deps)).rejects.toThrow(UsageError);
    await expect(runPack(['--out', 'a.json', '--builtin'], io, deps)).rejects.toThrow(/--out names where the walkthrough saves/);
    await expect(runPack(['--port', '/dev/null', '--pty'], io, deps)).rejects.toThrow(/--port and --pty exclude each other/);
    await expect(runPack(['--baud', '9600'], io, deps)).rejects.toThrow(/--baud goes with --port/);
  });
});

describe('pack --builtin', () => {
  it('returns a timer holding a loaded pack to the built-in one', async () => {
    const builtin = timerCodesOf(STANDARD_COMPONENTS.placards);
    const timer = watchedTimer(async (connection) => {
      await connection.link.loadPack(CODES);
    });
    const r = await run(['--builtin'], timer);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`plays its built-in pack again: 24 codes, sum ${packSum(builtin)}.`);
    expect(timer.last()?.pack).toEqual({ source: 'builtin', n: 24, sum: packSum(builtin) });
    expect(timer.last()?.codes.map((c) => c.digits)).toEqual(builtin.map((c) => c.digits));
  });
});

describe('pack --builtin with a transfer left open', () => {
  it('drops the unfinished transfer (a load cut short) and returns to the built-in pack: the timer refuses PACK BUILTIN while one is open', async () => {
    const builtin = timerCodesOf(STANDARD_COMPONENTS.placards);
    const timer = watchedTimer(async (connection) => {
      await connection.link.loadPack(CODES);
      await connection.link.request('PACK BEGIN 2');
      await connection.link.request('PACK CODE 1 123');
      await expect(connection.link.request('PACK BUILTIN')).rejects.toThrow(/ERR state receiving/);
    });
    const r = await run(['--builtin'], timer);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(timer.last()?.pack).toEqual({ source: 'builtin', n: 24, sum: packSum(builtin) });
  });
});

describe("the protocol client's pack methods", () => {
  it('load all or nothing: a refused code cancels the transfer and the pack in play stays', async () => {
    const connection = await connectTimer({ kind: 'virtual', seed: 1, realTime: false });
    try {
      const link = connection.link;
      const before = await link.pack();
      expect(before.source).toBe('builtin');
      const refused = await link.loadPack([{ digits: '123' }, { digits: '214' }, { digits: '123' }]).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(CommandError);
      expect((refused as CommandError).line).toBe('ERR bad-value code reason=repeat of=1');
      expect(await link.pack()).toEqual(before);
      await expect(link.request('PACK END')).rejects.toThrow(/ERR pack-closed/);
      expect(await link.loadPack(CODES)).toEqual({ source: 'loaded', n: 3, sum: packSum(CODES) });
      expect(await link.codeList()).toEqual(CODES.map((c, i) => ({ index: i + 1, ...c })));
      expect(await link.packBuiltin()).toMatchObject({ source: 'builtin', n: 24 });
    } finally {
      await connection.close();
    }
  });

  it('tells each refusal with what to do', () => {
    const again = 'npm run -s companion -- pack --file f.json';
    expect(refusalText(new CommandError('PACK BEGIN 3', 'state', 'ERR state paused'), again)).toMatch(
      /a game is paused on it \(ERR state paused\): a pack is loaded between games\. Let the game end \(or switch the timer off and on\), then run npm run -s companion -- pack --file f\.json again/,
    );
    expect(refusalText(new CommandError('PACK BEGIN 3', 'unknown', 'ERR unknown PACK'), again)).toMatch(
      /this timer's firmware does not know packs \(ERR unknown PACK\): update its firmware/,
    );
    expect(refusalText(new CommandError('PACK CODE 1 111', 'bad-value', 'ERR bad-value code reason=double'), again)).toMatch(
      /the timer refused a code of the pack \(ERR bad-value code reason=double for "PACK CODE 1 111"\)/,
    );
  });

  it('a read-back that does not match is reported', async () => {
    const fake = {
      codeList: async () => CODES.map((c, i) => ({ index: i + 1, ...c })),
      pack: async () => ({ source: 'loaded' as const, n: 3, sum: '0000' }),
      loadPack: async () => ({ source: 'loaded' as const, n: 3, sum: '0000' }),
      packBuiltin: async () => ({ source: 'builtin' as const, n: 24, sum: '0000' }),
    };
    await expect(verifyTimerPack(fake, CODES, 'loaded')).rejects.toThrow(TimerPackError);
    await expect(verifyTimerPack(fake, CODES, 'loaded')).rejects.toThrow(`expected source=loaded n=3 sum=${packSum(CODES)}`);
    await expect(verifyTimerPack(fake, [{ digits: '214' }, ...CODES.slice(1)], 'loaded')).rejects.toThrow(
      /code 1 on the timer is 214 id=07, the pack's is 214/,
    );
  });
});
