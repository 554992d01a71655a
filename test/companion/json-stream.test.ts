import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { RebelMissionsSession } from '../../host/companion/rebel-missions/session.ts';
import { startMatch } from '../../host/engine/index.ts';
import { rebelMissions } from '../../host/games/rebel-missions/index.ts';
import { parseInputLine, runJsonStream } from '../../host/ui/json/rebel-missions-stream.ts';
import { FakeTimer } from './fake-timer.ts';
import { TWO_PLAYERS, until } from './table.ts';

describe('the JSON stream', () => {
  it('reads menu numbers, moves and actions, and says what is wrong with anything else', () => {
    expect(parseInputLine('  ')).toBeNull();
    expect(parseInputLine('3')).toEqual({ kind: 'choice', n: 3 });
    expect(parseInputLine('{"actor":"p1","type":"roll"}')).toEqual({ kind: 'move', move: { actor: 'p1', type: 'roll' } });
    expect(parseInputLine('{"action":"enter-code"}')).toEqual({ kind: 'action', action: 'enter-code' });
    expect(parseInputLine('{"action":"dance"}')).toMatchObject({
      kind: 'invalid',
      message: expect.stringMatching(/unknown action "dance" \(actions: start-timer, resume-timer, enter-code, pause-timer, quit\)/),
    });
    expect(parseInputLine('roll')).toMatchObject({ kind: 'invalid', message: expect.stringMatching(/not a menu number or a JSON object/) });
    expect(parseInputLine('{"type":"roll"}')).toMatchObject({ kind: 'invalid', message: expect.stringMatching(/needs "actor" and "type"/) });
    expect(parseInputLine('[1]')).toMatchObject({ kind: 'invalid' });
  });

  it('streams prompts, moves, events and the result, one JSON object per line without ANSI', async () => {
    const timer = new FakeTimer();
    const session = new RebelMissionsSession({ match: startMatch(rebelMissions, TWO_PLAYERS, 3), timer, savePath: null, assist: true });
    const input = new PassThrough();
    const output = new PassThrough();
    let text = '';
    output.on('data', (c: Buffer) => (text += c.toString()));
    const records = (): Record<string, unknown>[] =>
      text
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    const ended = runJsonStream(
      { session, humans: ['p1'], intro: ['hello'], warnings: ['careful'], startInfo: { game: 'rebel-missions' } },
      { input, output, tty: false },
    );

    await until(() => records().some((r) => r['type'] === 'prompt'), 'the first prompt');
    expect(records()[0]).toEqual({ type: 'start', game: 'rebel-missions', intro: ['hello'] });
    expect(records()[1]).toEqual({ type: 'note', text: 'careful' });
    const first = records().find((r) => r['type'] === 'prompt');
    expect(first?.['choices']).toEqual([
      { n: 1, label: 'Start the timer (press ▲ for us)', action: 'start-timer' },
      { n: 2, label: 'Quit (the game is saved: continue later with --resume)', action: 'quit' },
    ]);
    input.write('1\n');
    await until(() => timer.commands.includes('START'), 'START sent');
    timer.emit({ name: 'START', leftMs: 720_000 });
    await until(() => records().filter((r) => r['type'] === 'prompt').length === 2, 'the second prompt');
    input.write('{"actor":"p2","type":"roll"}\n');
    input.write('{"actor":"p1","type":"choose","die":0}\n');
    input.write('nonsense\n');
    input.write('{"actor":"p1","type":"roll"}\n');
    await until(() => records().some((r) => r['type'] === 'game-event' && (r['event'] as { type: string }).type === 'dice-rolled'), 'the roll');
    const kinds = records().map((r) => r['type']);
    expect(kinds).toContain('timer-event');
    expect(records().find((r) => r['type'] === 'rejected' && (r['move'] as { actor: string }).actor === 'p2')?.['reason']).toMatch(
      /not a seat played from this input/,
    );
    expect(records().find((r) => r['type'] === 'rejected' && (r['move'] as { type: string }).type === 'choose')?.['reason']).toMatch(/roll the dice first/);
    expect(records().find((r) => r['type'] === 'error')?.['message']).toMatch(/not a menu number/);
    expect(records().find((r) => r['type'] === 'move')).toEqual({ type: 'move', move: { actor: 'timer', type: 'start', leftMs: 720_000 } });

    timer.emit({ name: 'TIMEOUT' });
    expect(await ended).toBe('finished');
    expect(records().at(-1)).toEqual({ type: 'result', finished: true, winners: [], summary: 'lost: time ran out' });
    expect(text).not.toMatch(/\x1b/);
  });

  it('prompts again when the countdown is paused, saying why nothing may be played, and takes the pause and resume actions', async () => {
    const timer = new FakeTimer();
    const session = new RebelMissionsSession({ match: startMatch(rebelMissions, TWO_PLAYERS, 3), timer, savePath: null, assist: true });
    const input = new PassThrough();
    const output = new PassThrough();
    let text = '';
    output.on('data', (c: Buffer) => (text += c.toString()));
    const records = (): Record<string, unknown>[] =>
      text
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    const prompts = (): Record<string, unknown>[] => records().filter((r) => r['type'] === 'prompt');
    const ended = runJsonStream({ session, humans: ['p1', 'p2'], intro: [], warnings: [], startInfo: {} }, { input, output, tty: false });
    timer.emit({ name: 'START', leftMs: 720_000 });
    await until(() => prompts().some((p) => (p['choices'] as { action?: string }[]).some((c) => c.action === 'pause-timer')), 'a prompt offering the pause');
    expect(prompts().at(-1)?.['held']).toBeNull();
    input.write('{"action":"pause-timer"}\n');
    await until(() => timer.commands.includes('PAUSE'), 'PAUSE sent');
    timer.emit({ name: 'PAUSE' });
    await until(() => prompts().at(-1)?.['held'] !== null, 'the held prompt');
    const held = prompts().at(-1);
    expect(held?.['held']).toMatch(/the timer is paused: nothing is played until it runs again/);
    expect((held!['choices'] as { action?: string }[]).map((c) => c.action)).toEqual(['resume-timer', 'quit']);
    input.write('{"actor":"p1","type":"roll"}\n');
    await until(() => records().some((r) => r['type'] === 'rejected'), 'the refusal');
    expect(records().find((r) => r['type'] === 'rejected')?.['reason']).toMatch(/paused/);
    input.write('1\n');
    await until(() => timer.commands.includes('RESUME'), 'RESUME sent');
    input.end();
    expect(await ended).toBe('quit');
  });

  it("prompts again with the game's choices once a lost countdown is started again (after --resume)", async () => {
    const timer = new FakeTimer();
    const session = new RebelMissionsSession({ match: startMatch(rebelMissions, TWO_PLAYERS, 3), timer, savePath: null, assist: true });
    timer.emit({ name: 'START', leftMs: 720_000 });
    // The companion comes back to a fresh timer (ready): the countdown is lost.
    session.syncWith({ state: 'ready', leftMs: 0, found: 0, need: 4, entry: '' });
    const input = new PassThrough();
    const output = new PassThrough();
    let text = '';
    output.on('data', (c: Buffer) => (text += c.toString()));
    const prompts = (): Record<string, unknown>[] =>
      text
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((r) => r['type'] === 'prompt');
    const ended = runJsonStream({ session, humans: ['p1', 'p2'], intro: [], warnings: [], startInfo: {} }, { input, output, tty: false });
    await until(() => prompts().length === 1, 'the held prompt');
    expect(prompts()[0]?.['held']).toMatch(/lost it/);
    expect((prompts()[0]!['choices'] as { action?: string }[]).map((c) => c.action)).toEqual(['start-timer', 'quit']);
    input.write('1\n');
    await until(() => timer.commands.includes('START'), 'START sent');
    timer.emit({ name: 'START', leftMs: 700_000 });
    await until(() => prompts().length === 2, "a prompt with the game's choices");
    expect(prompts()[1]?.['held']).toBeNull();
    expect((prompts()[1]!['choices'] as { label: string }[]).map((c) => c.label)).toContain('Ana: roll the dice');
    input.end();
    expect(await ended).toBe('quit');
  });

  it('plays menu numbers piped in ahead one per prompt, as the prompts come', async () => {
    const timer = new FakeTimer();
    const session = new RebelMissionsSession({ match: startMatch(rebelMissions, TWO_PLAYERS, 3), timer, savePath: null, assist: true });
    const input = new PassThrough();
    const output = new PassThrough();
    let text = '';
    output.on('data', (c: Buffer) => (text += c.toString()));
    const records = (): Record<string, unknown>[] =>
      text
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    const ended = runJsonStream({ session, humans: ['p1', 'p2'], intro: [], warnings: [], startInfo: {} }, { input, output, tty: false });
    // "Start the timer", then "roll the dice" (the first choice of the next prompt), typed at once.
    input.write('1\n1\n');
    await until(() => timer.commands.includes('START'), 'START sent');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(timer.commands.filter((c) => c === 'START')).toHaveLength(1);
    timer.emit({ name: 'START', leftMs: 720_000 });
    await until(() => records().some((r) => r['type'] === 'game-event' && (r['event'] as { type: string }).type === 'dice-rolled'), 'the roll');
    expect(records().filter((r) => r['type'] === 'error')).toEqual([]);
    expect(timer.commands.filter((c) => c === 'START')).toHaveLength(1);
    input.end();
    expect(await ended).toBe('quit');
  });

  it('stops (the game saved) when the input ends and people hold seats', async () => {
    const session = new RebelMissionsSession({ match: startMatch(rebelMissions, TWO_PLAYERS, 3), timer: new FakeTimer(), savePath: null, assist: true });
    const input = new PassThrough();
    const output = new PassThrough();
    output.resume();
    const ended = runJsonStream({ session, humans: ['p1', 'p2'], intro: [], warnings: [], startInfo: {} }, { input, output, tty: false });
    input.end();
    expect(await ended).toBe('quit');
  });
});
