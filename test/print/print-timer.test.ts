// `print rebel-missions --port PATH | --pty`: the kit holds the codes of the pack the timer has.
// A pack loaded with the PACK commands is printed (on the built-in virtual timer, and through the
// command line over a pseudo-terminal): the PDF read back holds the timer's codes and printed
// ids, on the companion's placards' names and needs in order, or on a --pack file's of the same
// sum. The built-in pack prints as without a timer and says so. A --pack that disagrees with the
// timer, an unreachable or silent port, and a timer that answers oddly are errors that write no PDF.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CommandFailure } from '../../host/cli/command-failure.ts';
import { UsageError } from '../../host/cli/args.ts';
import { printCommand, type PrintDeps } from '../../host/cli/print.ts';
import { connectTimer, type TimerConnection } from '../../host/link/timer-connection.ts';
import { STANDARD_COMPONENTS } from '../../host/games/rebel-missions/index.ts';
import type { ListedCode, PackInfo } from '../../host/link/protocol-client.ts';
import { packJson, packText, readPackFile } from '../../host/pack/pack-file.ts';
import { packSum, type TimerCode } from '../../host/pack/pack-sum.ts';
import { rebelMissionsKit } from '../../host/print/rebel-missions.ts';
import { renderKit } from '../../host/print/render.ts';
import { PAPERS } from '../../host/print/layout.ts';
import { timerPlacards, TimerPrintError, type PrintTimer } from '../../host/print/timer-placards.ts';
import { memoryIo } from '../companion/cli-process.ts';
import { debianToolOrSkip } from '../support/debian-tool.ts';
import { testTempDir } from '../support/temp-dir.ts';
import { count, pdfPages, pdfText, print, renderPage } from './pdf-read.ts';

const havePoppler = debianToolOrSkip('pdftotext', 'poppler-utils', 'the print-from-the-timer tests', ['-v']);
const haveSocat = debianToolOrSkip('socat', 'socat', 'printing from a timer over a pseudo-terminal');

const SYMBOLS = STANDARD_COMPONENTS.symbols;
const BUILTIN_CODED = STANDARD_COMPONENTS.placards.filter((p) => !p.inquisitor);
const BUILTIN_INQUISITORS = STANDARD_COMPONENTS.placards.filter((p) => p.inquisitor);

/** Every code the timer takes that the built-in pack does not use (12 of them), each with a printed id. */
const OWN_CODES: TimerCode[] = (() => {
  const builtin = new Set(BUILTIN_CODED.map((p) => p.code));
  const all: string[] = [];
  for (const a of '1234') for (const b of '1234') for (const c of '1234') if (a !== b && b !== c) all.push(`${a}${b}${c}`);
  return all.filter((d) => !builtin.has(d)).map((digits, i) => ({ digits, id: `YP-${i + 1}` }));
})();

const codeText = (digits: string): string => `Code ${digits} (${[...digits].map((d) => SYMBOLS[Number(d) - 1]).join(', ')})`;

/** A pack file of `codes` with names of its own ("Own placard 1"...) and the built-in needs. */
function ownPackFile(dir: string, codes: readonly TimerCode[], name = 'own.json'): string {
  const path = join(dir, name);
  const draft = {
    id: 'own',
    name: 'Own placards',
    coded: codes.map((c, i) => ({ digits: c.digits, printedId: c.id ?? null, name: `Own placard ${i + 1}`, needs: BUILTIN_CODED[i]!.needs })),
    inquisitors: [{ name: 'Own Inquisitor', needs: BUILTIN_INQUISITORS[0]!.needs }],
  };
  writeFileSync(path, packText(packJson(draft)));
  return path;
}

/** Loads `codes` onto the timer with the PACK commands themselves, as any client would. */
async function loadWithPackCommands(connection: TimerConnection, codes: readonly TimerCode[]): Promise<void> {
  await connection.link.request(`PACK BEGIN ${codes.length}`);
  for (const [i, c] of codes.entries()) await connection.link.request(`PACK CODE ${i + 1} ${c.digits}${c.id ? ` ${c.id}` : ''}`);
  await connection.link.request('PACK END');
}

/** Runs `print` in this process with `deps`, reporting failures as the command line does. */
async function runPrint(args: string[], deps?: PrintDeps): Promise<{ code: number; out: string; err: string }> {
  const { io, out, err } = memoryIo();
  let code: number;
  try {
    code = await printCommand(['rebel-missions', ...args], io, deps);
  } catch (error) {
    if (!(error instanceof CommandFailure) && !(error instanceof UsageError)) throw error;
    io.stderr.write(`imperial-timer: ${error.message}\n`);
    code = error instanceof UsageError ? 2 : 1;
  }
  return { code, out: out(), err: err() };
}

/** No PDF, and no temporary file, in `dir`. */
function noPdfIn(dir: string): void {
  expect(readdirSync(dir).filter((f) => f.endsWith('.pdf') || f.endsWith('.tmp'))).toEqual([]);
}

/** The placards' text of a kit made from the timer, checked for `codes` on `names`. */
function expectPlacards(text: string, codes: readonly TimerCode[], names: readonly string[]): void {
  for (const [i, c] of codes.entries()) {
    expect(text).toContain(codeText(c.digits));
    expect(text).toContain(`MISSION · ${c.id}`);
    expect(text).toContain(names[i]);
  }
  expect(count(text, 'Code ')).toBe(codes.length);
}

describe.runIf(havePoppler)('print rebel-missions from the built-in virtual timer', () => {
  const dir = testTempDir('print-timer-');
  let open: TimerConnection | undefined;
  afterEach(async () => {
    await open?.close();
    open = undefined;
  });
  const virtualTimer = async (): Promise<TimerConnection> => (open = await connectTimer({ kind: 'virtual', seed: 3, realTime: false }, { heartbeatMs: 0 }));
  const pdfOf = async (kit: ReturnType<typeof rebelMissionsKit>, name: string): Promise<string> => {
    const path = join(dir, name);
    writeFileSync(path, (await renderKit(kit, PAPERS.a4)).pdf);
    return path;
  };
  const who = { name: 'the built-in virtual timer', words: '' };

  it("a loaded pack: its codes and printed ids on the companion's placards in order, said on the rules page", async () => {
    const timer = await virtualTimer();
    await loadWithPackCommands(timer, OWN_CODES);
    const placards = await timerPlacards(timer.link, undefined, who);
    expect(placards.note).toMatch(/holds a loaded pack \(12 codes, sum [0-9a-f]{4}\)/);
    expect(placards.note).toContain("the names and needs on the 12 coded placards are the companion's own, in order");
    const text = pdfText(await pdfOf(rebelMissionsKit(placards.components, placards.origin), 'loaded.pdf'));
    expectPlacards(
      text,
      OWN_CODES,
      BUILTIN_CODED.map((p) => p.name),
    );
    for (const p of BUILTIN_CODED) expect(text).not.toContain(codeText(p.code!));
    // The companion's placards 13 to 24 are left out; its Inquisitor placards are there.
    for (const p of BUILTIN_CODED.slice(OWN_CODES.length)) expect(text).not.toContain(p.name);
    for (const p of BUILTIN_INQUISITORS) expect(text).toContain(p.name);
    expect(count(text, 'No code.')).toBe(BUILTIN_INQUISITORS.length);
    expect(text).toContain(`Printed from the pack the timer holds (12 codes, sum ${packSum(OWN_CODES)})`);
    expect(text).toContain("the companion's other 12 coded placards are left out");
  });

  it("a loaded pack with --pack of the same sum: the file's names and needs", async () => {
    const timer = await virtualTimer();
    await loadWithPackCommands(timer, OWN_CODES);
    const file = readPackFile(ownPackFile(dir, OWN_CODES));
    const placards = await timerPlacards(timer.link, file, who);
    const text = pdfText(await pdfOf(rebelMissionsKit(placards.components, placards.origin), 'with-file.pdf'));
    expectPlacards(
      text,
      OWN_CODES,
      OWN_CODES.map((_, i) => `Own placard ${i + 1}`),
    );
    expect(text).toContain('Own Inquisitor');
    expect(text).toContain(`with the names and needs of ${basename(file.file)}.`);
  });

  it('the built-in pack: the built-in kit, said so', async () => {
    const timer = await virtualTimer();
    const placards = await timerPlacards(timer.link, undefined, who);
    expect(placards.components).toBe(STANDARD_COMPONENTS);
    expect(placards.note).toBe(
      `The built-in virtual timer plays its built-in pack (24 codes, sum ${packSum(BUILTIN_CODED.map((p) => ({ digits: p.code! })))}): the kit holds the built-in placards.`,
    );
  });

  it('a --pack that disagrees with the timer (loaded or built-in) is an error saying which to use', async () => {
    const timer = await virtualTimer();
    const other = readPackFile(ownPackFile(dir, OWN_CODES.slice(0, 10), 'other.json'));
    const builtinError = await timerPlacards(timer.link, other, who).catch((e: unknown) => e);
    expect(builtinError).toBeInstanceOf(TimerPrintError);
    expect(String(builtinError)).toMatch(
      /plays its built-in pack \(24 codes, sum [0-9a-f]{4}\), but .*other\.json is another pack \(10 codes, sum [0-9a-f]{4}\)/,
    );
    await loadWithPackCommands(timer, OWN_CODES);
    const loadedError = await timerPlacards(timer.link, other, who).catch((e: unknown) => e);
    expect(String(loadedError)).toContain(
      `holds a loaded pack (12 codes, sum ${packSum(OWN_CODES)}), but ${other.file} is another pack (10 codes, sum ${other.sum})`,
    );
    expect(String(loadedError)).toContain("leave out --pack, or give the pack file of the timer's pack");
    expect(String(loadedError)).toContain(`pack --file ${other.file}`);
  });
});

/** A timer that answers CODES and PACK as given. */
function fakeTimer(listed: ListedCode[], info: PackInfo | Error): PrintTimer {
  return {
    codeList: async () => listed,
    pack: async () => {
      if (info instanceof Error) throw info;
      return info;
    },
  };
}

const listedOf = (codes: readonly TimerCode[]): ListedCode[] => codes.map((c, i) => ({ index: i + 1, ...c }));

describe('print rebel-missions: a timer that answers oddly', () => {
  const who = { name: 'the timer on /dev/ttyX', words: ' --port /dev/ttyX' };
  const loaded = (codes: readonly TimerCode[]): PackInfo => ({ source: 'loaded', n: codes.length, sum: packSum(codes) });

  it.each([
    ["a sum that is not its codes'", listedOf(OWN_CODES), { ...loaded(OWN_CODES), sum: '0000' }, /PACK says sum=0000 but the codes it lists make sum/],
    ["a count that is not its codes'", listedOf(OWN_CODES), { ...loaded(OWN_CODES), n: 11 }, /PACK says n=11 but CODES lists 12 codes/],
    ['a code that is not 3 symbols', listedOf([{ digits: '1234' }]), loaded([{ digits: '1234' }]), /its code 1 is "1234", not 3 of the symbols 1-4/],
    ['a code out of order', [{ index: 2, digits: '121' }], loaded([{ digits: '121' }]), /its code 1 came as number 2/],
    ['no codes', [], loaded([]), /it lists no codes/],
    [
      'a code twice',
      listedOf([{ digits: '121' }, { digits: '121' }]),
      loaded([{ digits: '121' }, { digits: '121' }]),
      /answered oddly: its codes are not a pack the game plays/,
    ],
    [
      "a built-in pack not the companion's",
      listedOf(OWN_CODES),
      { source: 'builtin', n: 12, sum: packSum(OWN_CODES) },
      /plays a built-in pack that is not this companion's .*another version/,
    ],
  ] as const)('%s', async (_what, listed, info, message) => {
    const error = await timerPlacards(fakeTimer([...listed], info), undefined, who).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimerPrintError);
    expect((error as Error).message).toMatch(message);
  });

  it('more codes than the companion has placards', async () => {
    const many = [...OWN_CODES, ...BUILTIN_CODED.map((p) => ({ digits: p.code! }))].slice(0, 25);
    const error = await timerPlacards(fakeTimer(listedOf(many), loaded(many)), undefined, who).catch((e: unknown) => e);
    expect((error as Error).message).toContain(
      "holds 25 codes, more than the companion's 24 coded placards to print them on: give the pack file of the timer's pack with --pack FILE",
    );
  });

  it('a firmware older than packs (PACK unknown) with the built-in codes prints the built-in kit', async () => {
    const { CommandError } = await import('../../host/link/protocol-client.ts');
    const builtin = BUILTIN_CODED.map((p) => ({ digits: p.code! }));
    const placards = await timerPlacards(fakeTimer(listedOf(builtin), new CommandError('PACK', 'unknown', 'ERR unknown PACK')), undefined, who);
    expect(placards.components).toBe(STANDARD_COMPONENTS);
  });

  it('through the command line: the error, exit 1, and no PDF written', async () => {
    const dir = testTempDir('print-odd-');
    const fake = fakeTimer(listedOf(OWN_CODES), { ...loaded(OWN_CODES), sum: 'ffff' });
    const run = await runPrint(['--port', '/dev/ttyX', '--out', join(dir, 'kit.pdf')], {
      connect: async () => ({ link: fake as TimerConnection['link'], close: async () => undefined }),
    });
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/the timer on \/dev\/ttyX answered oddly: PACK says sum=ffff .*No PDF was written\./);
    noPdfIn(dir);
  });
});

describe('print rebel-missions: the timer flags', () => {
  it.each([
    [['--port', '/dev/ttyX', '--pty'], /--port and --pty exclude each other/],
    [['--baud', '9600'], /--baud goes with --port/],
    [['--port', ''], /--port needs the path of the serial port/],
    [['--save-pack', 'x.json'], /--save-pack saves the placards printed from a timer's codes: it goes with --port or --pty, and without --pack/],
    [['--pty', '--save-pack', ''], /--save-pack needs the name of the pack file/],
  ])('%j is a usage error', async (args, message) => {
    const run = await runPrint([...args]);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(message);
  });

  it('an unreachable port: a clear error, and no PDF written', async () => {
    const dir = testTempDir('print-unreachable-');
    const port = join(dir, 'no-such-port');
    const run = await print(['rebel-missions', '--port', port, '--out', join(dir, 'kit.pdf')]);
    expect(run.code).toBe(1);
    expect(run.err).toContain(`cannot reach the timer on ${port}`);
    expect(run.err).toContain(`Leave out --port ${port} to print the kit without asking a timer`);
    expect(run.err).not.toMatch(/\.\)\.|\.\./);
    expect(run.err).toContain('No PDF was written.');
    noPdfIn(dir);
  });
});

describe.runIf(havePoppler && haveSocat)('print rebel-missions over a pseudo-terminal (socat)', () => {
  it('a port where nothing answers: a clear error, and no PDF written', async () => {
    const dir = testTempDir('print-silent-');
    const port = join(dir, 'silent');
    const socat = spawn('socat', [`pty,raw,echo=0,link=${port}`, 'EXEC:sleep 60'], { stdio: 'ignore' });
    try {
      for (let i = 0; i < 50 && !existsSync(port); i++) await new Promise((r) => setTimeout(r, 50));
      const run = await print(['rebel-missions', '--port', port, '--out', join(dir, 'kit.pdf')]);
      expect(run.code).toBe(1);
      expect(run.err).toContain(`cannot reach the timer on ${port}: no answer to "HELLO"`);
      noPdfIn(dir);
    } finally {
      socat.kill();
    }
  });

  it("--pty: a pack loaded with the PACK commands is printed, with the timer's codes and ids", async () => {
    const dir = testTempDir('print-pty-');
    const out = join(dir, 'kit.pdf');
    const deps: PrintDeps = {
      connect: async (choice) => {
        expect(choice.kind).toBe('pty');
        const connection = await connectTimer({ kind: 'pty', seed: 5, realTime: false }, { heartbeatMs: 0 });
        expect(connection.ptyPath).toBeDefined();
        await loadWithPackCommands(connection, OWN_CODES);
        return connection;
      },
    };
    const saved = join(dir, 'printed-placards.json');
    const run = await runPrint(['--pty', '--out', out, '--save-pack', saved], deps);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toContain(`holds a loaded pack (12 codes, sum ${packSum(OWN_CODES)}): the kit holds its codes.`);
    expect(run.out).toContain(
      `Saved the printed placards as a pack file in ${saved}: play them with \`npm run -s companion -- play rebel-missions --pack ${saved} --pty`,
    );
    expect(run.out).toMatch(/Wrote .*kit\.pdf: \d+ pages/);
    const text = pdfText(out);
    expectPlacards(
      text,
      OWN_CODES,
      BUILTIN_CODED.map((p) => p.name),
    );
    expect(text).toContain('The timer holds only codes');
    expect(pdfPages(out).pages).toBeGreaterThan(0);
    renderPage(out, 1, 'rebel-missions-from-timer-a4-page1');
    // The saved pack file is what was printed: the timer's codes and ids on the companion's names and needs.
    const pack = readPackFile(saved);
    expect(pack.timerCodes).toEqual(OWN_CODES);
    expect(pack.sum).toBe(packSum(OWN_CODES));
    expect(pack.components.placards.filter((p) => !p.inquisitor).map((p) => [p.name, p.needs])).toEqual(
      BUILTIN_CODED.slice(0, 12).map((p) => [p.name, p.needs]),
    );
    // Printing again does not replace it, and writes no PDF.
    const again = await runPrint(['--pty', '--out', join(dir, 'again.pdf'), '--save-pack', saved], deps);
    expect(again.code).toBe(1);
    expect(again.err).toContain(`${saved} already exists; it was kept as it was`);
    expect(existsSync(join(dir, 'again.pdf'))).toBe(false);
  });

  it('--pty as the command line opens it: the built-in pack, printed as without a timer and said so', async () => {
    const dir = testTempDir('print-pty-builtin-');
    const out = join(dir, 'kit.pdf');
    const run = await print(['rebel-missions', '--pty', '--out', out]);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toMatch(
      /The built-in virtual timer \(behind a pseudo-terminal\) plays its built-in pack \(24 codes, sum [0-9a-f]{4}\): the kit holds the built-in placards\./,
    );
    expect(pdfPages(out).pages).toBe(6);
    const text = pdfText(out);
    for (const p of BUILTIN_CODED) expect(text).toContain(codeText(p.code!));
    expect(text).toContain('Printed from the pack the timer played: its built-in pack');
  });

  it('--pty with a --pack that disagrees: the error says which to use, and no PDF is written', async () => {
    const dir = testTempDir('print-pty-disagree-');
    const file = ownPackFile(dir, OWN_CODES);
    const run = await print(['rebel-missions', '--pty', '--pack', file, '--out', join(dir, 'kit.pdf')]);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/plays its built-in pack \(24 codes, sum [0-9a-f]{4}\), but .*own\.json is another pack \(12 codes/);
    expect(run.err).toContain('leave out --pty to print the file without asking the timer');
    expect(run.err).not.toContain('pack --file');
    expect(run.err).toContain('No PDF was written.');
    noPdfIn(dir);
  });
});
