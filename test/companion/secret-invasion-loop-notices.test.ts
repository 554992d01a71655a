// The Secret Invasion terminal says the timer's warnings about itself (EVT STORE, EVT OVERRUN,
// passed on by the link as notices in words) above the prompt, as it says its other notices.
import { PassThrough } from 'node:stream';
import { describe, it } from 'vitest';
import { BotSeats } from '../../host/companion/secret-invasion/bot-seats.ts';
import { SecretInvasionSession } from '../../host/companion/secret-invasion/session.ts';
import { trackingBot } from '../../host/games/secret-invasion/tracking-bot.ts';
import { runSecretInvasionLoop } from '../../host/ui/terminal/secret-invasion/table-loop.ts';
import { FakeTimer } from './fake-timer.ts';
import { newMatch } from './secret-invasion-support.ts';
import { until } from './table.ts';

describe('the Secret Invasion terminal and the timer link', () => {
  it("shows the timer's warnings about itself in words", async () => {
    const timer = new FakeTimer();
    const session = new SecretInvasionSession({ match: newMatch(2, 5), timer, savePath: null, turnSeconds: null });
    const bots = new BotSeats(session, { seats: [], bot: trackingBot(), delayMs: 0, seed: 5 });
    const input = new PassThrough();
    const output = new PassThrough();
    let text = '';
    output.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const ended = runSecretInvasionLoop({ session, humans: ['p1', 'p2'], bots, intro: [], warnings: [] }, { input, output, tty: false });
    await until(() => text.includes('Press Enter to begin.'), 'the first screen');
    const warning = 'The settings saved on the timer are damaged, so it uses its default settings.';
    timer.notice({ kind: 'timer-warning', event: { name: 'STORE', part: 'settings', reason: 'corrupt' }, text: warning });
    await until(() => text.includes(warning), 'the warning');
    input.write('q\n');
    await ended;
  });
});
