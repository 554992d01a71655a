import { describe, expect, it } from 'vitest';
import { CommandError, LinkError, ProtocolClient } from '../../host/link/protocol-client.ts';
import { TimerLineSplitter } from '../../common/lines.ts';
import { parseDeviceLine } from '../../host/link/messages.ts';
import type { Transport } from '../../host/link/transport.ts';

/** A transport whose "timer" is a function from a command line to the text it answers. */
class ScriptedTransport implements Transport {
  readonly description = 'scripted timer';
  readonly written: string[] = [];
  private dataListeners: ((chunk: Uint8Array | string) => void)[] = [];
  private closeListeners: ((error?: Error) => void)[] = [];
  constructor(private readonly answer: (line: string) => string | undefined) {}
  async write(text: string): Promise<void> {
    this.written.push(text);
    const reply = this.answer(text.trimEnd());
    if (reply !== undefined) queueMicrotask(() => this.emit(reply));
  }
  emit(text: string | Uint8Array): void {
    for (const l of this.dataListeners) l(text);
  }
  onData(listener: (chunk: Uint8Array | string) => void): void {
    this.dataListeners.push(listener);
  }
  onClose(listener: (error?: Error) => void): void {
    this.closeListeners.push(listener);
  }
  pull(error: Error): void {
    for (const l of this.closeListeners) l(error);
  }
  async close(): Promise<void> {}
}

const HELLO = 'OK HELLO name=imperial-timer fw=0.1.0 proto=1 symbols=circle,square,diamond,star\n';

describe('parseDeviceLine', () => {
  it('types every event of protocol v1', () => {
    expect(parseDeviceLine('EVT CHIME found=2')).toMatchObject({ kind: 'evt', event: { name: 'CHIME', found: 2 } });
    expect(parseDeviceLine('EVT BUZZ reason=mistake')).toMatchObject({ event: { name: 'BUZZ', reason: 'mistake' } });
    expect(parseDeviceLine('EVT START left=720000')).toMatchObject({ event: { name: 'START', leftMs: 720000 } });
    expect(parseDeviceLine('EVT KEY star')).toMatchObject({ event: { name: 'KEY', button: 'star' } });
    expect(parseDeviceLine('EVT LOWBAT mv=3500')).toMatchObject({ event: { name: 'LOWBAT', mv: 3500 } });
    expect(parseDeviceLine('EVT POWER on')).toMatchObject({ event: { name: 'POWER', on: true } });
    expect(parseDeviceLine('EVT TRAP reason=out-of-bounds')).toMatchObject({ event: { name: 'TRAP', reason: 'out-of-bounds' } });
    for (const name of ['FANFARE', 'TIMEOUT', 'PAUSE', 'RESUME', 'SLEEP', 'WAKE']) {
      expect(parseDeviceLine(`EVT ${name}`)).toMatchObject({ kind: 'evt', event: { name } });
    }
  });

  it('types the additions to protocol v1: EVT STORE and EVT OVERRUN', () => {
    expect(parseDeviceLine('EVT STORE part=settings reason=corrupt')).toEqual({
      kind: 'evt',
      event: { name: 'STORE', part: 'settings', reason: 'corrupt' },
      line: 'EVT STORE part=settings reason=corrupt',
    });
    expect(parseDeviceLine('EVT STORE part=pack reason=version')).toMatchObject({ event: { name: 'STORE', part: 'pack', reason: 'version' } });
    expect(parseDeviceLine('EVT OVERRUN lost=1')).toEqual({ kind: 'evt', event: { name: 'OVERRUN', lost: 1 }, line: 'EVT OVERRUN lost=1' });
    expect(parseDeviceLine('EVT OVERRUN lost=32767')).toMatchObject({ event: { name: 'OVERRUN', lost: 32767 } });
    for (const line of [
      'EVT STORE part=codes reason=corrupt',
      'EVT STORE part=settings',
      'EVT STORE reason=version',
      'EVT STORE part=pack reason=stale',
      'EVT OVERRUN',
      'EVT OVERRUN lost=0',
      'EVT OVERRUN lost=-3',
      'EVT OVERRUN lost=many',
    ]) {
      expect(parseDeviceLine(line), line).toMatchObject({
        kind: 'garbage',
        problem: expect.stringMatching(/^EVT (STORE|OVERRUN): expected /) as unknown as string,
      });
    }
  });

  it('reports malformed lines as garbage instead of throwing', () => {
    expect(parseDeviceLine('EVT BUZZ reason=loud').kind).toBe('garbage');
    expect(parseDeviceLine('EVT CHIME found=-1').kind).toBe('garbage');
    expect(parseDeviceLine('EVT KEY hexagon').kind).toBe('garbage');
    expect(parseDeviceLine('hello there').kind).toBe('garbage');
    expect(parseDeviceLine('OK').kind).toBe('garbage');
    expect(parseDeviceLine('EVT').kind).toBe('garbage');
  });

  it('keeps unknown events, typed as UNKNOWN', () => {
    expect(parseDeviceLine('EVT COMET size=3')).toMatchObject({ event: { name: 'UNKNOWN', word: 'COMET', words: ['size=3'] } });
  });

  it('reads OK and ERR fields', () => {
    expect(parseDeviceLine('OK STATUS state=running left=5 found=1 need=4 entry=-')).toMatchObject({
      kind: 'ok',
      command: 'STATUS',
      fields: { state: 'running', left: '5', entry: '-' },
    });
    expect(parseDeviceLine('ERR bad-value duration')).toMatchObject({ kind: 'err', reason: 'bad-value', words: ['duration'] });
  });
});

describe('TimerLineSplitter', () => {
  it('joins lines split across chunks and ignores \\r', () => {
    const s = new TimerLineSplitter();
    expect(s.push('OK HEL')).toEqual([]);
    expect(s.push('LO\r\nEVT WA')).toEqual([{ line: 'OK HELLO' }]);
    expect(s.pending()).toBe('EVT WA');
    expect(s.push('KE\n\n')).toEqual([{ line: 'EVT WAKE' }]);
  });

  it('drops overlong lines and lines with noise bytes, and recovers', () => {
    const s = new TimerLineSplitter(10);
    const [long] = s.push(`${'x'.repeat(30)}\n`);
    expect(long).toMatchObject({ problem: expect.stringContaining('longer than 10') });
    const [noise] = s.push(new Uint8Array([0x4f, 0xff, 0x4b, 0x0a]));
    expect(noise).toMatchObject({ problem: expect.stringContaining('outside printable ASCII') });
    expect(s.push('EVT WAKE\n')).toEqual([{ line: 'EVT WAKE' }]);
  });
});

describe('ProtocolClient', () => {
  it('checks the protocol version in the handshake', async () => {
    const ok = new ProtocolClient(new ScriptedTransport(() => HELLO));
    await expect(ok.hello()).resolves.toEqual({ name: 'imperial-timer', firmware: '0.1.0', protocol: '1', symbols: ['circle', 'square', 'diamond', 'star'] });
    const old = new ProtocolClient(new ScriptedTransport(() => 'OK HELLO name=imperial-timer fw=9.0.0 proto=2\n'));
    await expect(old.hello()).rejects.toThrow(/speaks protocol 2; this companion needs protocol 1/);
  });

  it('matches answers by their command word and lets events through in between', async () => {
    const t = new ScriptedTransport((line) =>
      line === 'START' ? 'EVT START left=720000\nOK STATUS state=stale left=0 found=0 need=4 entry=-\nOK START\n' : undefined,
    );
    const client = new ProtocolClient(t);
    const events: string[] = [];
    const problems: string[] = [];
    client.onEvent((e) => events.push(e.name));
    client.onProblem((p) => problems.push(p));
    const answer = await client.request('START');
    expect(answer.command).toBe('START');
    expect(events).toEqual(['START']);
    expect(problems).toEqual([expect.stringContaining('an answer nobody asked for')]);
  });

  it('takes EVT OVERRUN and EVT STORE as events it knows, not as problems', async () => {
    const t = new ScriptedTransport((line) =>
      line === 'STATUS' ? 'EVT OVERRUN lost=12\nEVT STORE part=settings reason=corrupt\nOK STATUS state=ready left=0 found=0 need=4 entry=-\n' : undefined,
    );
    const client = new ProtocolClient(t);
    const events: string[] = [];
    const problems: string[] = [];
    client.onEvent((e) => events.push(e.name));
    client.onProblem((p) => problems.push(p));
    await client.status();
    expect(events).toEqual(['OVERRUN', 'STORE']);
    expect(problems).toEqual([]);
  });

  it('turns ERR answers into CommandError and keeps working', async () => {
    const t = new ScriptedTransport((line) => (line.startsWith('CONFIG') ? 'ERR bad-value duration\n' : HELLO));
    const client = new ProtocolClient(t);
    const error = await client.request('CONFIG duration=5').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommandError);
    expect(error).toMatchObject({ reason: 'bad-value' });
    await expect(client.hello()).resolves.toMatchObject({ protocol: '1' });
  });

  it('sends a command again when the timer answers ERR state sleep (it woke the timer), once', async () => {
    let calls = 0;
    const t = new ScriptedTransport(() => (++calls === 1 ? 'EVT WAKE\nERR state sleep\n' : 'OK STATUS state=ready left=0 found=0 need=4 entry=-\n'));
    const client = new ProtocolClient(t);
    await expect(client.status()).resolves.toMatchObject({ state: 'ready' });
    expect(t.written).toEqual(['STATUS\n', 'STATUS\n']);
    const stubborn = new ProtocolClient(new ScriptedTransport(() => 'ERR state sleep\n'));
    await expect(stubborn.request('START')).rejects.toMatchObject({ reason: 'state' });
  });

  it('does not send a command again when a button woke the timer meanwhile', async () => {
    const t = new ScriptedTransport(() => 'EVT WAKE\nOK PRESS\n');
    const client = new ProtocolClient(t);
    await client.request('PRESS 1');
    expect(t.written).toEqual(['PRESS 1\n']);
  });

  it('sends commands one at a time, in order', async () => {
    const t = new ScriptedTransport((line) => {
      const [first = '', second = ''] = line.split(' ');
      return `OK ${first === 'SIM' ? second : first}\n`;
    });
    const client = new ProtocolClient(t);
    const answers = await Promise.all([client.request('RESET'), client.request('PAUSE'), client.request('SIM ADVANCE 10')]);
    expect(answers.map((a) => a.command)).toEqual(['RESET', 'PAUSE', 'ADVANCE']);
    expect(t.written).toEqual(['RESET\n', 'PAUSE\n', 'SIM ADVANCE 10\n']);
  });

  it('collects the printed codes', async () => {
    const t = new ScriptedTransport(() => 'OK CODE 1 312\nEVT TIME left=5\nOK CODE 2 143\nOK CODES n=2\n');
    await expect(new ProtocolClient(t).codes()).resolves.toEqual(['312', '143']);
  });

  it('times out with a message that says what to check, then answers the next command', async () => {
    let silent = true;
    const t = new ScriptedTransport(() => (silent ? undefined : HELLO));
    const client = new ProtocolClient(t, { timeoutMs: 20 });
    await expect(client.request('STATUS')).rejects.toThrow(/no answer to "STATUS".*switched on and connected/);
    silent = false;
    await expect(client.hello()).resolves.toMatchObject({ name: 'imperial-timer' });
  });

  it("after a timeout, drops the late answer instead of taking it for the next command's", async () => {
    let timedOut = false;
    let lateAnswerSent = false;
    const t = new ScriptedTransport((line) => {
      if (line === 'STATUS' && !timedOut) return undefined; // too slow: answered later
      const late = timedOut && !lateAnswerSent ? 'ERR bad-args STATUS\n' : '';
      lateAnswerSent ||= timedOut;
      return late + (line === 'HELLO' ? HELLO : `OK ${line.split(' ')[0]} duration=60\n`);
    });
    const client = new ProtocolClient(t, { timeoutMs: 20 });
    const problems: string[] = [];
    client.onProblem((p) => problems.push(p));
    await expect(client.request('STATUS')).rejects.toThrow(/no answer to "STATUS"/);
    timedOut = true;
    await expect(client.request('CONFIG duration=60')).resolves.toMatchObject({ command: 'CONFIG' });
    expect(t.written).toEqual(['STATUS\n', 'HELLO\n', 'CONFIG duration=60\n']);
    expect(problems).toEqual([expect.stringContaining('a late answer to a command that timed out was dropped: "ERR bad-args STATUS"')]);
    await client.request('CONFIG duration=60');
    expect(t.written).toHaveLength(4);
  });

  it('rejects the command in flight when the link is lost, and every later one', async () => {
    const t = new ScriptedTransport(() => undefined);
    const client = new ProtocolClient(t, { timeoutMs: 1000 });
    const inFlight = client.request('STATUS');
    await Promise.resolve();
    t.pull(new Error('device disconnected'));
    await expect(inFlight).rejects.toBeInstanceOf(LinkError);
    await expect(inFlight).rejects.toThrow(/was lost: device disconnected/);
    await expect(client.request('HELLO')).rejects.toThrow(/was lost/);
  });

  it('reports garbage, unknown events and stray errors without crashing', async () => {
    const t = new ScriptedTransport(() => undefined);
    const client = new ProtocolClient(t);
    const problems: string[] = [];
    const events: string[] = [];
    client.onProblem((p) => problems.push(p));
    client.onEvent((e) => events.push(e.name));
    t.emit('\x00\xff garbage\nEVT COMET\nERR bad-byte\nnonsense\nEVT CHIME found=x\n');
    expect(events).toEqual(['UNKNOWN']);
    expect(problems).toHaveLength(5);
  });
});
