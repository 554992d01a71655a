// `imperial-timer pack`: the walkthrough driven through its input. Good codes shown back as
// symbols, every kind of bad code refused with its reason and asked again, ids, names and needs,
// the summary corrected and confirmed, the saved file read back by the game's reader, the timer
// holding it (CODES and PACK), a timer that refuses, and input that ends leaving no file.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readPackFile, timerCodesOf } from '../../host/pack/pack-file.ts';
import { packSum } from '../../host/pack/pack-sum.ts';
import { STANDARD_COMPONENTS } from '../../host/games/rebel-missions/index.ts';
import { testTempDir } from '../support/temp-dir.ts';
import { memoryIo } from './cli-process.ts';
import { runPack, watchedTimer } from './pack-support.ts';

const BUILTIN_SUM = packSum(timerCodesOf(STANDARD_COMPONENTS.placards));
const answers = (...lines: string[]): string => `${lines.join('\n')}\n`;

async function run(input: string, args: string[] = [], timer = watchedTimer()) {
  const home = testTempDir('pack-home-');
  const { io, out, err } = memoryIo(input);
  const code = await runPack(args, { ...io, home }, timer.deps);
  return { code, out: out(), err: err(), home, timer, packPath: join(home, '.imperial-timer', 'packs', 'my-placards.json') };
}

describe('the pack walkthrough', () => {
  it('checks each code as it is typed, saves the confirmed pack and loads it onto the timer', async () => {
    const input = answers(
      '4', // placards with a code
      '', // keep the companion's names and needs
      '3 1 2', // placard 1: digits with spaces
      'M1',
      'circle star', // too short
      'circle star star', // star twice in a row
      'circle 5 square', // not a symbol
      's c d', // "s" is square or star
      '312', // the code of placard 1
      'circle star diamond', // placard 2 by names
      '',
      'sq ci di', // placard 3 by beginnings of names
      'bad id!', // not an id
      'M1', // placard 1's id
      'P-3',
      '421',
      'x_4',
      '2', // Inquisitors
      'y',
    );
    const r = await run(input);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('◆ ● ■  (diamond, circle, square) ✓');
    expect(r.out).toContain('● ★ ◆  (circle, star, diamond) ✓');
    expect(r.out).toContain('■ ● ◆  (square, circle, diamond) ✓');
    expect(r.out).toMatch(/✗ a code is 3 symbols, you typed 2 \(● ★\)/);
    expect(r.out).toMatch(/✗ ● ★ ★ has star twice in a row/);
    expect(r.out).toMatch(/✗ "5" is not a symbol's digit: type each symbol as its digit or its name \(1 ● circle, 2 ■ square, 3 ◆ diamond, 4 ★ star\)/);
    expect(r.out).toMatch(/✗ "s" could be square or star/);
    expect(r.out).toMatch(/✗ ◆ ● ■ is already the code of placard 1, and no two placards share a code/);
    expect(r.out).toMatch(/✗ "bad id!" cannot be a placard id: 1 to 8 letters, digits, - or _/);
    expect(r.out).toMatch(/✗ "M1" is already the id of placard 1/);
    // The summary, then the save and the timer.
    expect(r.out).toContain('Your pack: 4 coded placards, 2 Inquisitor placards.');
    expect(r.out).toMatch(/ 1\. ◆ ● ■  312  id M1  Rescue the Wookiee Prisoners \(intel 2\)/);
    expect(r.out).toMatch(/I2\. no code  The Fifth Brother/);

    const saved = readPackFile(r.packPath);
    const codes = [{ digits: '312', id: 'M1' }, { digits: '143' }, { digits: '213', id: 'P-3' }, { digits: '421', id: 'x_4' }];
    expect(saved.timerCodes).toEqual(codes);
    expect(saved.components.placards.map((p) => [p.id, p.name, p.needs])).toEqual([
      ...STANDARD_COMPONENTS.placards.slice(0, 4).map((p) => [p.id, p.name, p.needs]),
      ...STANDARD_COMPONENTS.placards
        .filter((p) => p.inquisitor)
        .slice(0, 2)
        .map((p) => [p.id, p.name, p.needs]),
    ]);
    expect(r.out).toContain(`Saved the pack in ${r.packPath} (4 codes, sum ${packSum(codes)}).`);
    expect(r.out).toContain(
      `holds the pack now: 4 codes, sum ${packSum(codes)} (read back with CODES and PACK: the same; before, it held its built-in pack (24 codes, sum ${BUILTIN_SUM})).`,
    );
    expect(r.timer.last()).toEqual({
      codes: codes.map((c, i) => ({ index: i + 1, ...c })),
      pack: { source: 'loaded', n: 4, sum: packSum(codes) },
    });
  });

  it('takes names and needs typed in, refusing needs it cannot read', async () => {
    const input = answers(
      '2',
      '2', // type them in
      '124',
      '',
      '', // empty name
      'Hold the Line',
      'blaster 2 2', // a count before a resource
      'lasers 1', // not a resource
      'blaster 12', // count out of range
      'blaster 2, intel',
      '431',
      '',
      'Fly Casual',
      'fu 2 t 1',
      '1',
      'Darth Vader',
      'blaster 3',
      'y',
    );
    const r = await run(input);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/✗ type the name printed on the placard/);
    expect(r.out).toMatch(/✗ "2" comes before any resource/);
    expect(r.out).toMatch(/✗ "lasers" is not a resource/);
    expect(r.out).toMatch(/✗ blaster 12: a count is 1 to 9/);
    const saved = readPackFile(r.packPath);
    expect(saved.components.placards.map((p) => ({ name: p.name, needs: p.needs, inquisitor: p.inquisitor }))).toEqual([
      { name: 'Hold the Line', needs: { blaster: 2, intel: 1 }, inquisitor: false },
      { name: 'Fly Casual', needs: { fuel: 2, tools: 1 }, inquisitor: false },
      { name: 'Darth Vader', needs: { blaster: 3 }, inquisitor: true },
    ]);
  });

  it("takes the symbols themselves, and asks the names of Inquisitor placards beyond the companion's four", async () => {
    const r = await run(answers('2', '1', '◆ ● ■', '', '☆ □ ◇', '', '5', 'The Ninth Sister', 'intel 3', 'y'));
    expect(r.code).toBe(0);
    const saved = readPackFile(r.packPath);
    expect(saved.timerCodes).toEqual([{ digits: '312' }, { digits: '423' }]);
    const inquisitors = saved.components.placards.filter((p) => p.inquisitor);
    expect(inquisitors.map((p) => p.name)).toEqual([...STANDARD_COMPONENTS.placards.filter((p) => p.inquisitor).map((p) => p.name), 'The Ninth Sister']);
    expect(inquisitors[4]?.needs).toEqual({ intel: 3 });
  });

  it('prints its flags with --help', async () => {
    const r = await run('', ['--help']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/usage: imperial-timer pack \[--out FILE\]/);
    expect(r.out).toMatch(/--file FILE +load this saved pack file/);
    expect(r.timer.choice()).toBeUndefined();
  });

  it('types a placard again from the summary, and refuses a count it cannot take', async () => {
    const input = answers('0', '25', 'two', '2', '1', '123', '', '124', '', '0', 'maybe', '2', '123', '124', '', '', '', 'y');
    const r = await run(input);
    expect(r.code).toBe(0);
    expect(r.out.match(/✗ type a whole number from 1 to 24/g)).toHaveLength(3);
    expect(r.out).toMatch(/✗ type y to save, a placard's number from 1 to 2 to correct it, i to change how many Inquisitor placards, or n to stop/);
    // Placard 2 typed again: placard 1's code is a repeat, its own old code is not.
    expect(r.out.match(/✗ ● ■ ◆ is already the code of placard 1/g)).toHaveLength(1);
    expect(readPackFile(r.packPath).timerCodes).toEqual([{ digits: '123' }, { digits: '124' }]);
  });

  it('corrects every field the summary shows: code, id, name and needs of a placard, an Inquisitor placard, how many Inquisitor placards', async () => {
    const input = answers(
      '2',
      '2', // type the names and needs in
      '124',
      'A1',
      'Hold the Line',
      'blaster 2',
      '431',
      '',
      'Fly Casual',
      'fuel 1',
      '1',
      'Darth Vader',
      'blaster 3',
      // The summary: placard 1, every field changed; "-" leaves it without an id.
      '1',
      '213',
      '-',
      'Hold the Door',
      'tools 4, intel 1',
      // Placard 2: Enter keeps its code, a new id, Enter keeps its name and needs.
      '2',
      '',
      'B2',
      '',
      '',
      'I1',
      'The Grand Inquisitor',
      '',
      'i',
      '2',
      'Reva',
      'fuel 2',
      'I3', // there are two
      'y',
    );
    const r = await run(input);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Placard 1 of 2, code \[● ■ ★ 124; Enter keeps it\]/);
    expect(r.out).toMatch(/Placard 1, the id printed on it \[A1; Enter keeps it, - for none\]/);
    expect(r.out).toMatch(/Placard 1, name \[Hold the Line; Enter keeps it\]/);
    expect(r.out).toMatch(/Placard 1, needs \[blaster 2; Enter keeps them\]/);
    expect(r.out).toMatch(/Inquisitor placard 1, name \[Darth Vader; Enter keeps it\]/);
    expect(r.out).toMatch(/1-2 = correct that placard, I1 = that Inquisitor placard, i = how many Inquisitor placards/);
    expect(r.out).toMatch(/✗ type y to save, a placard's number from 1 to 2 to correct it, I1-I2 for an Inquisitor placard/);
    // The summary shown after the corrections.
    expect(r.out).toMatch(/ 1\. ■ ● ◆  213  Hold the Door \(tools 4, intel 1\)/);
    expect(r.out).toMatch(/ 2\. ★ ◆ ●  431  id B2  Fly Casual \(fuel 1\)/);
    expect(r.out).toMatch(/I2\. no code  Reva \(fuel 2\)/);
    const saved = readPackFile(r.packPath);
    expect(saved.timerCodes).toEqual([{ digits: '213' }, { digits: '431', id: 'B2' }]);
    expect(saved.components.placards.map((p) => ({ name: p.name, needs: p.needs, inquisitor: p.inquisitor }))).toEqual([
      { name: 'Hold the Door', needs: { tools: 4, intel: 1 }, inquisitor: false },
      { name: 'Fly Casual', needs: { fuel: 1 }, inquisitor: false },
      { name: 'The Grand Inquisitor', needs: { blaster: 3 }, inquisitor: true },
      { name: 'Reva', needs: { fuel: 2 }, inquisitor: true },
    ]);
  });

  it('at the summary, fewer Inquisitor placards drops the last ones', async () => {
    const r = await run(answers('1', '', '312', '', '3', 'i', '1', 'y'));
    expect(r.code).toBe(0);
    expect(readPackFile(r.packPath).components.placards.filter((p) => p.inquisitor)).toHaveLength(1);
  });

  it('saves nothing when the input ends before the confirmation, or the summary is declined', async () => {
    for (const input of [answers('3', '', '312', ''), answers('1', '', '312', '', '0', 'n'), answers('1', '', '312', '', '0')]) {
      const r = await run(input);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/nothing was saved and the timer was not changed/);
      expect(existsSync(join(r.home, '.imperial-timer'))).toBe(false);
      expect(r.timer.last()).toBeUndefined();
    }
  });

  it('saves nothing on Ctrl-C, even at the last question', async () => {
    const home = testTempDir('pack-home-');
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    let out = '';
    let err = '';
    stdout.on('data', (c: Buffer) => (out += c.toString()));
    stderr.on('data', (c: Buffer) => (err += c.toString()));
    let interrupt = (): void => undefined;
    const interrupted = new Promise<void>((resolve) => (interrupt = resolve));
    const timer = watchedTimer();
    const running = runPack([], { stdin, stdout, stderr, stdoutIsTty: false, home, interrupted }, timer.deps);
    stdin.write(answers('1', '', '312', '', '0'));
    for (let i = 0; i < 100 && !out.includes('Save and load it?'); i++) await new Promise((r) => setTimeout(r, 5));
    expect(out).toContain('Save and load it?');
    interrupt();
    expect(await running).toBe(1);
    expect(err).toMatch(/nothing was saved/);
    expect(existsSync(join(home, '.imperial-timer'))).toBe(false);
    expect(timer.last()).toBeUndefined();
  });

  it('shows a code as symbols at every key in a terminal, with the reason it cannot be one', async () => {
    const home = testTempDir('pack-home-');
    const stdin = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => undefined });
    const stdout = Object.assign(new PassThrough(), { isTTY: true, columns: 120 });
    let out = '';
    stdout.on('data', (c: Buffer) => (out += c.toString()));
    const timer = watchedTimer();
    const running = runPack([], { stdin, stdout, stderr: new PassThrough(), stdoutIsTty: true, home, interrupted: new Promise(() => undefined) }, timer.deps);
    const typeLine = async (text: string): Promise<void> => {
      for (const ch of text) {
        stdin.write(ch);
        await new Promise((r) => setTimeout(r, 1));
      }
      stdin.write('\r');
      await new Promise((r) => setTimeout(r, 5));
    };
    for (const line of ['2', '', '144', '312', '', 'circle 3 x', '312', '1 2 3', '', '0']) await typeLine(line);
    expect(out).toContain('Placard 1 of 2, code: [● ★ ★] ✗ twice in a row 144');
    expect(out).toContain('Placard 1 of 2, code: [◆ ●] 31');
    expect(out).toContain('Placard 1 of 2, code: [◆ ● ■] ✓ 312');
    expect(out).toContain('Placard 2 of 2, code: [● ◆ ?] circle 3 x');
    expect(out).toContain("Placard 2 of 2, code: [◆ ● ■] ✗ placard 1's 312");
    stdin.end();
    expect(await running).toBe(1);
  });

  it('asks before replacing an existing file, and saves under another name when told not to', async () => {
    const dir = testTempDir('pack-out-');
    const out = join(dir, 'mine.json');
    writeFileSync(out, 'keep me');
    const r = await run(answers('1', '', '231', '', '0', 'y', 'perhaps', 'n', ''), ['--out', out]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/mine\.json already exists\. Replace it\?/);
    expect(readFileSync(out, 'utf8')).toBe('keep me');
    expect(readPackFile(join(dir, 'mine-2.json')).timerCodes).toEqual([{ digits: '231' }]);
    expect(readdirSync(dir).sort()).toEqual(['mine-2.json', 'mine.json']);

    const again = await run(answers('1', '', '241', '', '0', 'y', 'y'), ['--out', out]);
    expect(again.code).toBe(0);
    expect(readPackFile(out).timerCodes).toEqual([{ digits: '241' }]);
    expect(readdirSync(dir).sort()).toEqual(['mine-2.json', 'mine.json']);
  });

  it('asks for another place when the file cannot be written, keeping what was typed', async () => {
    const dir = testTempDir('pack-out-');
    const blocked = join(dir, 'a-file');
    writeFileSync(blocked, 'not a folder');
    const r = await run(answers('1', '', '231', '', '0', 'y', join(dir, 'ok.json')), ['--out', join(blocked, 'pack.json')]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/✗ cannot create the folder for .*a-file\/pack\.json/);
    expect(readPackFile(join(dir, 'ok.json')).timerCodes).toEqual([{ digits: '231' }]);
  });

  it('keeps the saved pack and says what to do when the timer refuses it (a game running)', async () => {
    const timer = watchedTimer(async (connection) => {
      await connection.link.request('START');
    });
    const r = await run(answers('1', '', '231', '', '0', 'y'), [], timer);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/the timer refused the pack because a game is running on it \(ERR state running\): a pack is loaded between games/);
    expect(r.err).toContain(`run npm run -s companion -- pack --file ${r.packPath} again`);
    expect(r.err).toContain(`The pack is saved in ${r.packPath}.`);
    expect(readPackFile(r.packPath).timerCodes).toEqual([{ digits: '231' }]);
    expect(timer.last()?.pack.source).toBe('builtin');
  });
});
