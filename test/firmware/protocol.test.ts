// Protocol v1 through the firmware: every command, every answer, every error.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firmwareDevice, PRINTED_CODES } from '../support/firmware-device.ts';

function device(seed = 1) {
  const dev = firmwareDevice({ seed });
  dev.takeLines();
  return dev;
}

describe('commands', () => {
  it('HELLO identifies the firmware with the package version', async () => {
    const { version } = (await import('../../package.json', { with: { type: 'json' } })).default;
    expect(device().send('HELLO')).toEqual([`OK HELLO name=imperial-timer fw=${version} proto=1 symbols=circle,square,diamond,star`]);
  });

  it('STATUS reports state, time left, found, need and the entry', () => {
    const dev = device();
    expect(dev.send('STATUS')).toEqual(['OK STATUS state=ready left=0 found=0 need=4 entry=-']);
    dev.send('START');
    dev.send('PRESS 3');
    dev.send('PRESS 1');
    dev.advance(1000);
    expect(dev.send('STATUS')).toEqual(['OK STATUS state=running left=719000 found=0 need=4 entry=31']);
  });

  it('START answers after EVT START, and is refused while a game is on', () => {
    const dev = device();
    expect(dev.send('START')).toEqual(['EVT START left=720000', 'OK START']);
    expect(dev.send('START')).toEqual(['ERR state running']);
  });

  it('CODES lists the 24 printed codes, then the count', () => {
    const lines = device().send('CODES');
    expect(lines).toEqual([...PRINTED_CODES.map((code, i) => `OK CODE ${i + 1} ${code}`), 'OK CODES n=24']);
  });

  it('PRESS takes names in any case and digits 1..4', () => {
    const dev = device();
    expect(dev.send('press STAR')).toEqual(['EVT KEY star', 'OK PRESS']);
    expect(dev.send('PRESS 3')).toEqual(['EVT KEY diamond', 'OK PRESS']);
    expect(dev.send('PRESS Triangle')).toEqual(['EVT KEY triangle', 'EVT START left=720000', 'OK PRESS']);
  });

  it('CONFIG shows, changes and validates the settings all-or-nothing', () => {
    const dev = device();
    expect(dev.send('CONFIG')).toEqual(['OK CONFIG duration=720 correct=12 need=4 sleep=180 volume=2']);
    expect(dev.send('config Duration=90 need=2 sleep=0 volume=3 correct=6')).toEqual(['OK CONFIG duration=90 correct=6 need=2 sleep=0 volume=3']);
    expect(dev.send('CONFIG duration=100 volume=4')).toEqual(['ERR bad-value volume']);
    expect(dev.send('CONFIG')).toEqual(['OK CONFIG duration=90 correct=6 need=2 sleep=0 volume=3']);
    expect(dev.send('CONFIG need=7')).toEqual(['ERR bad-value need']);
    expect(dev.send('CONFIG correct=1')).toEqual(['ERR bad-value correct']);
    expect(dev.send('CONFIG correct=1 need=1')).toEqual(['OK CONFIG duration=90 correct=1 need=1 sleep=0 volume=3']);
    expect(dev.need).toBe(1);
  });

  it.each([
    ['duration=59', 'duration'],
    ['duration=3601', 'duration'],
    ['duration=abc', 'duration'],
    ['correct=0', 'correct'],
    ['correct=25', 'correct'],
    ['need=0', 'need'],
    ['need=25', 'need'],
    ['sleep=29', 'sleep'],
    ['sleep=3601', 'sleep'],
    ['volume=4', 'volume'],
    ['volume=-1', 'volume'],
    ['volume=+1', 'volume'],
    ['duration=00000000720', 'duration'],
    ['duration=4294967296', 'duration'],
    ['colour=red', 'colour'],
    ['DURATION=1', 'duration'],
  ])('CONFIG %s is ERR bad-value %s and changes nothing', (token, key) => {
    const dev = device();
    expect(dev.send(`CONFIG sleep=60 ${token}`)).toEqual([`ERR bad-value ${key}`]);
    expect(dev.send('CONFIG')).toEqual(['OK CONFIG duration=720 correct=12 need=4 sleep=180 volume=2']);
    expect(dev.store.commits).toBe(0);
  });

  it.each(['volume', 'volume=', '=3', 'volume=1 x'])('CONFIG %s is ERR bad-args CONFIG', (args) => {
    expect(device().send(`CONFIG ${args}`)).toEqual(['ERR bad-args CONFIG']);
  });

  it('CONFIG accepts leading zeros within 10 digits', () => {
    expect(device().send('CONFIG duration=0000000090')).toEqual(['OK CONFIG duration=90 correct=12 need=4 sleep=180 volume=2']);
  });

  it('CONFIG changes are refused while a game is on; reading is always allowed', () => {
    const dev = device();
    dev.send('START');
    expect(dev.send('CONFIG volume=1')).toEqual(['ERR state running']);
    expect(dev.send('CONFIG')).toEqual(['OK CONFIG duration=720 correct=12 need=4 sleep=180 volume=2']);
    dev.send('PAUSE');
    expect(dev.send('CONFIG volume=1')).toEqual(['ERR state paused']);
  });

  it('RESET goes back to ready from any state, settings kept, outputs off', () => {
    const dev = device();
    dev.send('CONFIG volume=1');
    dev.send('START');
    dev.send('PRESS 3');
    expect(dev.send('RESET')).toEqual(['OK RESET']);
    expect(dev.state).toBe('ready');
    expect(dev.leds).toBe(0);
    expect(dev.tone.hz).toBe(0);
    expect(dev.entry).toEqual([]);
    expect(dev.send('STATUS')).toEqual(['OK STATUS state=ready left=0 found=0 need=4 entry=-']);
    expect(dev.send('CONFIG')).toEqual(['OK CONFIG duration=720 correct=12 need=4 sleep=180 volume=1']);
  });
});

describe('table mode', () => {
  it('PLAY plays a sound and enters table; refused during a game', () => {
    const dev = device();
    expect(dev.send('PLAY chime')).toEqual(['OK PLAY']);
    expect(dev.state).toBe('table');
    expect(dev.sound).toBe('chime');
    for (const name of ['buzz', 'fanfare', 'warn', 'lose', 'CLICK']) expect(dev.send(`PLAY ${name}`)).toEqual(['OK PLAY']);
    expect(dev.send('PLAY tick')).toEqual(['ERR bad-value sound']);
    expect(dev.send('PLAY')).toEqual(['ERR bad-args PLAY']);
    expect(dev.send('PLAY chime buzz')).toEqual(['ERR bad-args PLAY']);
    dev.send('START');
    expect(dev.send('PLAY chime')).toEqual(['ERR state running']);
  });

  it('TIMER runs the bar with TIME and WARN, ends with TIMEOUT and stays in table', () => {
    const dev = device();
    expect(dev.send('TIMER 70')).toEqual(['EVT TIME left=70000', 'OK TIMER']);
    expect(dev.state).toBe('table');
    expect(dev.leds & 0x3ff).toBe(0x3ff);
    const lines = dev.advance(70_000);
    expect(lines.filter((line) => !line.startsWith('EVT TIME left'))).toEqual(['EVT WARN left=60000', 'EVT WARN left=10000', 'EVT TIMEOUT']);
    expect(lines).toContain('EVT TIME left=63000');
    expect(dev.state).toBe('table');
    expect(dev.timeLeftMs).toBe(0);
  });

  it('TIMER 0 stops a running TIMER; bad numbers are refused', () => {
    const dev = device();
    dev.send('TIMER 30');
    dev.advance(5_000);
    expect(dev.timeLeftMs).toBe(25_000);
    expect(dev.send('TIMER 0')).toEqual(['OK TIMER']);
    expect(dev.timeLeftMs).toBe(0);
    expect(dev.advance(60_000)).toEqual([]);
    expect(dev.send('TIMER 3601')).toEqual(['ERR bad-value s']);
    expect(dev.send('TIMER x')).toEqual(['ERR bad-value s']);
    expect(dev.send('TIMER -5')).toEqual(['ERR bad-value s']);
    expect(dev.send('TIMER 12345678901')).toEqual(['ERR bad-value s']);
    expect(dev.send('TIMER')).toEqual(['ERR bad-args TIMER']);
    expect(dev.send('TIMER 1 2')).toEqual(['ERR bad-args TIMER']);
  });

  it('PLAY during a TIMER keeps the TIMER running', () => {
    const dev = device();
    dev.send('TIMER 20');
    dev.advance(5_000);
    expect(dev.send('PLAY chime')).toEqual(['OK PLAY']);
    expect(dev.timeLeftMs).toBe(15_000);
    expect(dev.advance(15_000)).toContain('EVT TIMEOUT');
  });

  it('the triangle starts a new game from table mode, leaving it', () => {
    const dev = device();
    dev.send('TIMER 100');
    expect(dev.press('triangle')).toEqual(['EVT KEY triangle', 'EVT START left=720000']);
    expect(dev.state).toBe('running');
    expect(dev.send('START')).toEqual(['ERR state running']);
  });

  it('START is allowed in table mode', () => {
    const dev = device();
    dev.send('PLAY buzz');
    expect(dev.send('START')).toEqual(['EVT START left=720000', 'OK START']);
  });
});

describe('errors', () => {
  it('answers an unknown command with its word as typed, truncated to 16 characters', () => {
    const dev = device();
    expect(dev.send('hullo there')).toEqual(['ERR unknown hullo']);
    expect(dev.send('ABCDEFGHIJKLMNOPQRSTUVWXYZ')).toEqual(['ERR unknown ABCDEFGHIJKLMNOP']);
  });

  it.each(['HELLO', 'STATUS', 'START', 'PAUSE', 'RESUME', 'CODES', 'RESET'])('%s with an argument is ERR bad-args', (command) => {
    expect(device().send(`${command} now`)).toEqual([`ERR bad-args ${command}`]);
  });

  it('PRESS needs exactly one known button', () => {
    const dev = device();
    expect(dev.send('PRESS')).toEqual(['ERR bad-args PRESS']);
    expect(dev.send('PRESS 1 2')).toEqual(['ERR bad-args PRESS']);
    expect(dev.send('PRESS 5')).toEqual(['ERR bad-value button']);
    expect(dev.send('PRESS 0')).toEqual(['ERR bad-value button']);
    expect(dev.send('PRESS hexagon')).toEqual(['ERR bad-value button']);
  });

  it('drops a line over 80 bytes whole with ERR too-long; 80 bytes is fine', () => {
    const dev = device();
    const long = `PRESS ${'x'.repeat(75)}`;
    expect(long.length).toBe(81);
    expect(dev.send(long)).toEqual(['ERR too-long']);
    expect(dev.send(`STATUS${' '.repeat(74)}`)).toEqual(['OK STATUS state=ready left=0 found=0 need=4 entry=-']);
    expect(dev.send('x'.repeat(500))).toEqual(['ERR too-long']);
    expect(dev.send('STATUS')).toHaveLength(1);
  });

  it('drops a line holding a non-printable byte with ERR bad-byte; too-long wins over it', () => {
    const dev = device();
    expect(dev.send('STA\tTUS')).toEqual(['ERR bad-byte']);
    expect(dev.sendBytes(new Uint8Array([0x53, 0x80, 0x0a]))).toEqual(['ERR bad-byte']);
    expect(dev.sendBytes(new Uint8Array([0x00, 0x0a]))).toEqual(['ERR bad-byte']);
    expect(dev.sendBytes(new Uint8Array([0x7f, 0x0a]))).toEqual(['ERR bad-byte']);
    expect(dev.send(`\x01${'y'.repeat(90)}`)).toEqual(['ERR too-long']);
    expect(dev.send('STATUS')).toEqual(['OK STATUS state=ready left=0 found=0 need=4 entry=-']);
  });

  it('ignores \\r anywhere and empty lines', () => {
    const dev = device();
    expect(dev.sendBytes('STA\rTUS\r\n')).toEqual(['OK STATUS state=ready left=0 found=0 need=4 entry=-']);
    expect(dev.sendBytes('\n\r\n   \n')).toEqual([]);
    expect(dev.sendBytes('  hello  \n')).toHaveLength(1);
  });

  it('never changes state on bad input', () => {
    const dev = device();
    dev.send('START');
    dev.send('PRESS 3');
    const before = dev.send('STATUS');
    for (const line of ['BOGUS', 'PRESS 9', 'CONFIG a', 'START', 'PLAY x', 'TIMER 5', 'x'.repeat(81), 'A\tB', 'RESUME']) {
      const answer = dev.send(line);
      expect(answer).toHaveLength(1);
      expect(answer[0]).toMatch(/^ERR /);
    }
    expect(dev.send('STATUS')).toEqual(before);
  });
});

describe('any line', () => {
  const words = [
    'HELLO',
    'status',
    'START',
    'press',
    'PAUSE',
    'resume',
    'CONFIG',
    'CODES',
    'play',
    'TIMER',
    'RESET',
    'SHOW',
    'battery',
    '#.........|....',
    'triangle',
    'circle',
    '1',
    '4',
    '5',
    'chime',
    'tick',
    'duration=90',
    'need=30',
    'volume=1',
    'a=b',
    '=',
    '0',
    '3600',
    '3601',
    '-2',
    '+3',
    '4294967295',
    '4294967296',
  ];
  const line = fc.array(fc.oneof(fc.constantFrom(...words), fc.string({ maxLength: 6 })), { maxLength: 4 }).map((w) => w.join(' '));

  it('gets exactly one answer (CODES: 25), and an ERR answer changes nothing', () => {
    fc.assert(
      fc.property(fc.constantFrom('ready', 'running', 'paused', 'table'), line, (state, text) => {
        const dev = device();
        if (state !== 'ready') dev.send(state === 'table' ? 'TIMER 100' : 'START');
        if (state === 'paused') dev.send('PAUSE');
        dev.send('PRESS 3');
        const before = dev.send('STATUS');
        const config = dev.send('CONFIG');
        const answers = dev.send(text).filter((l) => !l.startsWith('EVT '));
        const blank = text.replace(/\r/g, '').trim() === '';
        const codes = /^ *codes *$/i.test(text);
        expect(answers).toHaveLength(blank ? 0 : codes ? 25 : 1);
        if (answers[0]?.startsWith('ERR ')) {
          expect(dev.send('STATUS')).toEqual(before);
          expect(dev.send('CONFIG')).toEqual(config);
        }
      }),
      { numRuns: 1_000 },
    );
  });
});
