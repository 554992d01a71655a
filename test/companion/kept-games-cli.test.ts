// The case through the command line: a damaged save whose backup holds an unfinished
// game. A plain `play` refuses to replace it; `--new` keeps it under a name of its own, says
// where, and the new game's saves never touch it.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../host/cli/imperial-timer.ts';
import { readSave } from '../../host/engine/save.ts';
import { secretInvasionTable } from '../../host/games/secret-invasion/table-game.ts';
import { memoryIo } from './cli-process.ts';
import { tempSavePath } from './secret-invasion-support.ts';

const ones = (n: number): string => '1\n'.repeat(n);
const secretInvasion = secretInvasionTable;

describe('a good backup is never destroyed after the players were told it was kept', () => {
  it("plain play refuses; --new keeps the backup's game aside, says where, and it survives the new game", async () => {
    const save = tempSavePath();
    const args = ['play', 'secret-invasion', '--players', 'Ana,Ben', '--no-timer', '--save', save];
    expect(await runCli([...args, '--seed', '5'], memoryIo(ones(9)).io)).toBe(0);
    const backup = readFileSync(`${save}.bak`, 'utf8');
    expect(readSave(secretInvasion, `${save}.bak`).state.stage).not.toBe('over');
    writeFileSync(save, '{"format":"imperial-timer-save","version":2,"gameId":"secret-in');

    const plain = memoryIo(ones(6));
    expect(await runCli([...args, '--seed', '6'], plain.io)).toBe(1);
    expect(plain.err()).toMatch(
      /is damaged or not a save file: it is not valid JSON; its backup .*\.bak holds a game in progress \(.+\)\. Continue that game with --resume, or start a new game with --new/,
    );
    expect(readFileSync(`${save}.bak`, 'utf8')).toBe(backup);

    // Enter to begin and to pass the screen, then the first move of each menu.
    const fresh = memoryIo(ones(24));
    expect(await runCli([...args, '--seed', '6', '--new'], fresh.io)).toBe(0);
    const kept = readdirSync(dirname(save)).filter((n) => n.includes('.kept-'));
    expect(kept).toHaveLength(1);
    const keptPath = join(dirname(save), kept[0]!);
    expect(readFileSync(keptPath, 'utf8')).toBe(backup);
    expect(fresh.out()).toContain(`is kept as ${keptPath}; continue it later with --resume --save ${keptPath}`);
    expect(fresh.out()).toMatch(/the damaged file is kept as .*\.damaged/);
    expect(readSave(secretInvasion, save).log.seed).toBe(6);
    expect(readSave(secretInvasion, save).log.moves.length).toBeGreaterThan(2);

    // The kept game goes on where it was.
    const resumed = memoryIo(ones(2));
    expect(await runCli(['play', 'secret-invasion', '--resume', '--no-timer', '--save', keptPath], resumed.io)).toBe(0);
    expect(resumed.out()).toMatch(/\(resumed\)/);
    expect(readSave(secretInvasion, keptPath).log.seed).toBe(5);
  });

  it("another game's save given with --save is not taken for a damaged one: plain play refuses and says how to continue it", async () => {
    const save = tempSavePath();
    expect(await runCli(['play', 'secret-invasion', '--players', 'Ana,Ben', '--no-timer', '--seed', '5', '--save', save], memoryIo(ones(3)).io)).toBe(0);
    const saved = readFileSync(save, 'utf8');
    expect(readSave(secretInvasion, save).state.stage).not.toBe('over');

    const plain = memoryIo(ones(3));
    expect(await runCli(['play', 'rebel-missions', '--players', 'Ana:kanan', '--seed', '1', '--json', '--save', save], plain.io)).toBe(1);
    expect(plain.err()).toContain(
      `${save} holds a save of "secret-invasion", not of "rebel-missions". Continue that game with \`play secret-invasion --resume --save ${save}\``,
    );
    expect(readFileSync(save, 'utf8')).toBe(saved);
    expect(readdirSync(dirname(save)).filter((n) => n.includes('.damaged'))).toEqual([]);

    const resume = memoryIo(ones(3));
    expect(await runCli(['play', 'rebel-missions', '--resume', '--json', '--save', save], resume.io)).toBe(1);
    expect(resume.err()).toContain(`Continue it with \`play secret-invasion --resume --save ${save}\``);
    expect(readFileSync(save, 'utf8')).toBe(saved);
  });
});
