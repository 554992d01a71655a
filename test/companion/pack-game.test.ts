// Rebel Missions with a user's own placards (`play rebel-missions --pack F`): a game won on the
// table host and the virtual timer with a loaded pack's codes, the timer's codes compared with the game's placards
// (and what the players are told when they differ), and a saved game that resumes only with the
// pack it was dealt from.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CommandFailure } from '../../host/cli/command-failure.ts';
import { runCli } from '../../host/cli/imperial-timer.ts';
import { connectTimer } from '../../host/link/timer-connection.ts';
import { writeSave } from '../../host/engine/index.ts';
import { setUpDone } from '../games/rebel-missions/fixtures.ts';
import { createRebelMissionsEntry } from '../../host/games/rebel-missions/table-entry.ts';
import { TABLE } from '../../host/table/entry.ts';
import { TableHost } from '../../host/table/host.ts';
import { STANDARD_COMPONENTS } from '../../host/games/rebel-missions/index.ts';
import { fitTimerToPack, gamePackFor, gamePackFromFlag } from '../../host/pack/game-pack.ts';
import { packJson, type PackDraft } from '../../host/pack/pack-file.ts';
import { testTempDir } from '../support/temp-dir.ts';
import { tempSavePath, until } from './table.ts';
import { memoryIo, runInProcess } from './cli-process.ts';

const builtin = STANDARD_COMPONENTS.placards;
// Eight placards of one's own: codes the built-in pack mostly does not have, with ids.
const OWN_CODES = ['234', '241', '341', '343', '434', '141', '212', '313'];
const DRAFT: PackDraft = {
  id: 'own',
  name: 'Our old placards',
  coded: OWN_CODES.map((digits, i) => ({ digits, printedId: `No${i + 1}`, name: builtin[i]?.name ?? '', needs: builtin[i]?.needs ?? {} })),
  inquisitors: [{ name: 'The Grand Inquisitor', needs: { blaster: 1 } }],
};

function packFile(draft: PackDraft = DRAFT): string {
  const path = join(testTempDir('pack-game-'), 'own.json');
  writeFileSync(path, JSON.stringify(packJson(draft)));
  return path;
}

const PLAYERS = {
  players: [
    { name: 'Ana', profile: 'hera' },
    { name: 'Ben', profile: 'zeb' },
  ],
};

describe('Rebel Missions with a pack of ones own placards', () => {
  it('is won on the virtual timer, which takes the pack and judges the codes by it', async () => {
    const file = packFile();
    const gamePack = gamePackFor(file);
    const table = createRebelMissionsEntry(gamePack.pack?.components, gamePack.identity).game;
    expect(setUpDone(table, table.setup({ ...PLAYERS, pack: gamePack.identity }, 1).state).placardPile.length + 1).toBe(9);
    const connection = await connectTimer({ kind: 'virtual', seed: 11, realTime: false });
    const notes = await fitTimerToPack(connection, gamePack, '');
    expect(notes).toEqual([`The built-in timer plays the codes of your placards from ${file} (8 codes, sum ${gamePack.pack?.sum}).`]);
    expect((await connection.link.codeList()).map((c) => c.digits)).toEqual(OWN_CODES);
    if (gamePack.pack === null) throw new Error('the pack was not read');
    const entry = createRebelMissionsEntry(gamePack.pack.components, gamePack.identity);
    const { host } = TableHost.start(
      entry,
      {
        seats: [
          { name: 'Ana', bot: 'cooperative' },
          { name: 'Ben', bot: 'cooperative' },
        ],
        seed: 11,
      },
      { savePath: null, timer: connection.link, assist: true, now: connection.now },
    );
    const answers: string[] = [];
    const requested: string[] = [];
    host.subscribe(TABLE, (u) => {
      if (u.kind === 'timer' && ['CHIME', 'BUZZ', 'FANFARE'].includes(u.event.name)) answers.push(u.event.name);
      if (u.kind === 'events') for (const e of u.events) if (e.type === 'code-requested') requested.push(e.request.code);
    });
    try {
      // Five of the eight codes are correct, three are decoys; three correct ones win. The host
      // starts the built-in timer and enters each code asked for on it (a table of bots).
      await connection.link.request('CONFIG correct=5 need=3');
      expect(await host.deviceAction(TABLE, 'start-timer')).toEqual({ ok: true });
      await until(() => host.result.finished, 'the game to end', 20_000);
      await host.settled();
      expect(host.result).toMatchObject({ finished: true, summary: expect.stringMatching(/^won/) });
      expect(answers.at(-1)).toBe('FANFARE');
      expect(answers.filter((a) => a === 'CHIME')).toHaveLength(2);
      expect(requested.length).toBeGreaterThan(0);
      for (const code of requested) expect(OWN_CODES).toContain(code);
      expect(await connection.link.status()).toMatchObject({ state: 'won', found: 3 });
    } finally {
      await host.close();
      await connection.close();
    }
  });

  it('tells the players what to do when the timer lists other codes than the game plays', async () => {
    const file = packFile();
    const gamePack = gamePackFor(file);
    const connection = await connectTimer({ kind: 'virtual', seed: 12, realTime: false });
    try {
      // As a real timer: the companion does not load the pack itself.
      const asReal = { link: connection.link, assist: false };
      const [note] = await fitTimerToPack(asReal, gamePack, ' --port /dev/ttyACM0');
      expect(note).toBe(
        `The timer's codes are not those of your placards in ${file} (the timer lists 24 codes, the pack has 8), so it would judge the codes you enter against other placards: quit, load them onto the timer with \`npm run -s companion -- pack --file ${file} --port /dev/ttyACM0\`, then play again.`,
      );
      await connection.link.loadPack(OWN_CODES.map((digits) => ({ digits })));
      expect(await fitTimerToPack(asReal, gamePack, ' --port /dev/ttyACM0')).toEqual([`The timer holds the codes of your placards from ${file} (8 codes).`]);
      // Ids are shown only: the same codes without them play alike.
      const [builtinNote] = await fitTimerToPack(asReal, gamePackFor(undefined), ' --port /dev/ttyACM0');
      expect(builtinNote).toMatch(
        /The timer's codes are not those of the built-in placards \(the timer lists 8 codes, the pack has 24\).*--pack FILE.*`npm run -s companion -- pack --builtin --port \/dev\/ttyACM0`/,
      );
    } finally {
      await connection.close();
    }
  });

  it('a saved game resumes only with the pack it was dealt from (play --resume)', async () => {
    const file = packFile();
    const save = join(testTempDir('pack-resume-'), 'game.save.json');
    const gamePack = gamePackFor(file);
    const entry = createRebelMissionsEntry(gamePack.pack?.components, gamePack.identity);
    const shape = entry.game;
    writeSave(
      shape,
      save,
      { gameId: shape.meta.id, config: { ...PLAYERS, pack: gamePack.identity }, seed: 3, moves: [] },
      { table: { seats: PLAYERS.players.map((p) => ({ name: p.name, bot: null })), botRng: [1, 2, 3, 4], chance: 'sample' } },
    );
    const resume = async (extra: string[]): Promise<{ code: number; out: string; err: string }> => {
      const { io, out, err } = memoryIo();
      const code = await runCli(['play', 'rebel-missions', '--resume', '--json', '--save', save, ...extra], io);
      return { code, out: out(), err: err() };
    };
    const without = await resume([]);
    expect(without.code).toBe(1);
    expect(without.err).toContain(`this game was dealt from the placards of "Our old placards" (${file}): play it with --pack ${file}`);
    // The file changed since: other placards.
    const changed = packFile({ ...DRAFT, coded: DRAFT.coded.slice(1) });
    const other = await resume(['--pack', changed]);
    expect(other.code).toBe(1);
    expect(other.err).toMatch(/holds other placards now/);
    const same = await resume(['--pack', file]);
    expect(same.err).not.toMatch(/imperial-timer:/);
    expect(same.code).toBe(0);
    expect(JSON.parse(same.out.split('\n')[0] ?? '{}')).toMatchObject({ type: 'start', resumed: true });
  });

  it('is played by the command line: play rebel-missions --pack F, bots to the end', async () => {
    const file = packFile();
    const { code, stdout, stderr } = await runInProcess([
      'play',
      'rebel-missions',
      '--pack',
      file,
      '--players',
      'Ana:hera,Ben:zeb',
      '--bots',
      'all',
      '--json',
      '--seed',
      '4',
      '--save',
      tempSavePath(),
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const records = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; text?: string; event?: { type?: string; request?: { code: string } } });
    expect(records.find((r) => r.type === 'note')?.text).toMatch(
      /^The built-in timer plays the codes of your placards from .*own\.json \(8 codes, sum [0-9a-f]{4}\)\.$/,
    );
    const requested = records.flatMap((r) => (r.type === 'game-event' && r.event?.type === 'code-requested' && r.event.request ? [r.event.request.code] : []));
    expect(requested.length).toBeGreaterThan(0);
    for (const c of requested) expect(OWN_CODES).toContain(c);
    // Eight codes, twelve correct ones wanted: all eight are correct, and four win.
    expect(records.at(-1)).toMatchObject({ type: 'result', summary: 'won: 4 correct codes entered' });
  });

  it('refuses a bad --pack file with what is wrong', () => {
    const path = join(testTempDir('pack-bad-'), 'bad.json');
    writeFileSync(path, JSON.stringify({ ...packJson(DRAFT), placards: [] }));
    expect(() => gamePackFromFlag(path)).toThrow(CommandFailure);
    expect(() => gamePackFromFlag(path)).toThrow(
      /bad\.json: placards: a pack has at least 1 placard\. Fix the file, or make a new one with `npm run -s companion -- pack`\./,
    );
    expect(() => gamePackFromFlag(`${path}.none`)).toThrow(/^there is no pack file .*bad\.json\.none \(make one with `npm run -s companion -- pack`\)\.$/);
  });
});
