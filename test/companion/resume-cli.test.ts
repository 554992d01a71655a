// The command line killed mid-game (the real program, SIGKILL) and started again with --resume (in
// this process, runCli): nothing is lost.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../host/cli/imperial-timer.ts';
import { readSave } from '../../host/engine/index.ts';
import { rebelMissionsEntry } from '../../host/games/rebel-missions/table-entry.ts';
import { memoryIo, PROCESS_TEST_TIMEOUT_MS } from './cli-process.ts';
import { tempSavePath, until } from './table.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
type JsonRecord = { type: string } & Record<string, unknown>;
const rebelMissions = rebelMissionsEntry.game;

/** The JSON records of a stream's text so far. */
const recordsOf = (out: string): JsonRecord[] =>
  out
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as JsonRecord);

function companion(args: string[]): { child: ChildProcessWithoutNullStreams; records: () => JsonRecord[]; stderr: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'host/cli/imperial-timer.ts', ...args], { cwd: root });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  return { child, records: () => recordsOf(out), stderr: () => err };
}

const exited = (child: ChildProcessWithoutNullStreams): Promise<number | null> =>
  child.exitCode !== null ? Promise.resolve(child.exitCode) : new Promise((resolve) => child.once('exit', (code) => resolve(code)));

describe('--resume after the companion was killed', () => {
  it('continues the saved game exactly, and restarts the built-in timer with the time left', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const savePath = tempSavePath();
    const first = companion(['play', 'rebel-missions', '--players', 'Ana:hera,Ben:zeb', '--json', '--seed', '12', '--save', savePath]);
    try {
      await until(() => first.records().some((r) => r.type === 'table'), 'the first snapshot', 120_000);
      first.child.stdin.write('{"action":"start-timer"}\n');
      await until(() => first.records().some((r) => r.type === 'prompt'), 'the prompt after START', 30_000);
      first.child.stdin.write('{"actor":"p1","type":"roll"}\n');
      await until(() => first.records().some((r) => r.type === 'game-event' && (r['event'] as { type: string }).type === 'dice-rolled'), 'the roll', 30_000);
      await until(() => readSave(rebelMissions, savePath).state.stage === 'choose', 'the roll to be saved');
    } finally {
      first.child.kill('SIGKILL');
      await exited(first.child);
    }
    const saved = readSave(rebelMissions, savePath);
    expect(saved.state.stage).toBe('choose');

    const second = memoryIo('', { keepInputOpen: true });
    const records = (): JsonRecord[] => recordsOf(second.out());
    const running = runCli(['play', 'rebel-missions', '--resume', '--json', '--save', savePath], second.io);
    try {
      await until(() => records().some((r) => r.type === 'table'), 'the resumed snapshot', 30_000);
      const [start] = records();
      expect(start).toMatchObject({ type: 'start', resumed: true, seed: 12, players: [{ name: 'Ana' }, { name: 'Ben' }] });
      expect(records().some((r) => r.type === 'note' && /lost its countdown/.test(String(r['text'])))).toBe(true);
      const table = records().find((r) => r.type === 'table');
      expect(table?.['view']).toMatchObject({ stage: 'choose', dice: saved.state.dice });
      expect(table?.['actions']).toEqual([expect.objectContaining({ action: 'start-timer' })]);
      // Nothing is played while the countdown does not run: no menu of moves, and a move is refused with what to do.
      expect(records().some((r) => r.type === 'prompt')).toBe(false);
      second.type('{"actor":"p1","type":"choose","die":0}\n');
      await until(() => records().some((r) => r.type === 'rejected' || r.type === 'error'), 'the refusal', 30_000);
      const refusal = records().find((r) => r.type === 'rejected' || r.type === 'error');
      expect(String(refusal?.['reason'] ?? refusal?.['message'])).toMatch(/countdown is not running.*"Start the timer"/);

      second.type('{"action":"start-timer"}\n');
      await until(() => records().some((r) => r.type === 'timer-event' && (r['event'] as { name: string }).name === 'START'), 'the new countdown', 30_000);
      const start2 = records().find((r) => r.type === 'timer-event' && (r['event'] as { name: string }).name === 'START');
      expect((start2!['event'] as { leftMs: number }).leftMs).toBe(Math.ceil((saved.state.timeLeftMs ?? 0) / 1000) * 1000);
      second.endInput();
      expect(await running).toBe(0);
      expect(second.err()).toMatch(/The game is saved in .*; continue with --resume/);
      const after = readSave(rebelMissions, savePath);
      expect(after.log.moves.slice(0, saved.log.moves.length)).toEqual(saved.log.moves);
      expect(after.state.stage).toBe('choose');
    } finally {
      second.endInput();
    }
  });
});
