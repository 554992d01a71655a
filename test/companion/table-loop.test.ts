import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { RebelMissionsSession } from '../../host/companion/rebel-missions/session.ts';
import { startMatch } from '../../host/engine/index.ts';
import { rebelMissions } from '../../host/games/rebel-missions/index.ts';
import { runTableLoop } from '../../host/ui/terminal/rebel-missions/table-loop.ts';
import { FakeTimer } from './fake-timer.ts';
import { TWO_PLAYERS, until } from './table.ts';

function loop(humans: string[]) {
  const timer = new FakeTimer();
  const session = new RebelMissionsSession({ match: startMatch(rebelMissions, TWO_PLAYERS, 5), timer, savePath: null, assist: true });
  const input = new PassThrough();
  const output = new PassThrough();
  let text = '';
  output.on('data', (c: Buffer) => (text += c.toString()));
  const ended = runTableLoop({ session, humans, intro: ['Seed 5'], warnings: ['a warning'], startInfo: {} }, { input, output, tty: false });
  return { timer, session, input, ended, text: () => text };
}

describe('the terminal table loop', () => {
  it('shows the board and the menu, takes numbers, and prints events as they come', async () => {
    const t = loop(['p1', 'p2']);
    await until(() => t.text().includes('1. Start the timer'), 'the first menu');
    expect(t.text()).toMatch(/Seed 5\na warning\nType a number and Enter/);
    t.input.write('9\n');
    await until(() => t.text().includes('Choose a number from 1 to 2.'), 'the hint');
    t.input.write('1\n');
    await until(() => t.timer.commands.includes('START'), 'START');
    t.timer.emit({ name: 'START', leftMs: 720_000 });
    await until(() => t.text().includes('1. Ana: roll the dice'), 'the roll choice');
    expect(t.text()).toMatch(/The timer is running: 12:00 to complete the missions\.\n— Turn 1: Ana takes the dice —/);
    t.input.write('1\n');
    await until(() => /Ana rolls \[/.test(t.text()), 'the roll');
    t.timer.emit({ name: 'TIME', leftMs: 690_000 });
    await until(() => t.text().includes('11:30'), 'the timer line');
    t.timer.emit({ name: 'WARN', leftMs: 60_000 });
    await until(() => t.text().includes('One minute left!'), 'the warning');
    expect(t.text()).not.toMatch(/\x1b/);
    t.input.write('q\n');
    expect(await t.ended).toBe('quit');
    expect(t.text()).toMatch(/The game is saved\. Continue it later with --resume\./);
  });

  it('shows the menu again when the timer is paused, says why nothing may be played, and resumes it', async () => {
    const t = loop(['p1', 'p2']);
    await until(() => t.text().includes('1. Start the timer'), 'the first menu');
    t.timer.emit({ name: 'START', leftMs: 720_000 });
    await until(() => t.text().includes('Pause the timer'), 'the pause choice');
    t.timer.emit({ name: 'PAUSE' });
    await until(() => t.text().includes('Held: the timer is paused'), 'the held menu');
    const menu = t.text().slice(t.text().lastIndexOf('Held:'));
    expect(menu).toMatch(
      /Held: the timer is paused: nothing is played until it runs again\. Choose "Resume the timer", or press the triangle button on the timer to resume\.\n {3}1\. Resume the timer \(press ▲ for us\)\n {3}2\. Quit/,
    );
    expect(t.text()).toMatch(/12:00 {2}paused: press ▲ on the timer to resume/);
    t.input.write('1\n');
    await until(() => t.timer.commands.includes('RESUME'), 'RESUME');
    t.input.write('q\n');
    expect(await t.ended).toBe('quit');
  });

  it('ends with the result when the game finishes', async () => {
    const t = loop(['p1']);
    await until(() => t.text().includes('Quit'), 'the first menu');
    t.timer.emit({ name: 'START', leftMs: 60_000 });
    t.timer.emit({ name: 'TIMEOUT' });
    expect(await t.ended).toBe('finished');
    expect(t.text()).toMatch(/Time ran out: the Empire wins this time\.\nGame over: lost: time ran out\./);
  });

  it('keeps numbers typed ahead for the next menu, so a second "1" never presses START again', async () => {
    const t = loop(['p1', 'p2']);
    await until(() => t.text().includes('1. Start the timer'), 'the first menu');
    // Both lines arrive at once, as from a pipe: the second answers the menu after START.
    t.input.write('1\n1\n');
    await until(() => t.timer.commands.includes('START'), 'START');
    t.timer.emit({ name: 'START', leftMs: 720_000 });
    await until(() => /Ana rolls \[/.test(t.text()), 'the roll, from the second "1"');
    expect(t.timer.commands.filter((c) => c === 'START')).toHaveLength(1);
    t.input.write('q\n');
    expect(await t.ended).toBe('quit');
  });
});
