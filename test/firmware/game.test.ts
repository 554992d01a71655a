// Game flow through the virtual device: winning, losing, code checking, pause and resume.
import { describe, expect, it } from 'vitest';
import { enterCode, firmwareDevice, outcomes, PRINTED_CODES } from '../support/firmware-device.ts';
import { cueLengthMs } from '../support/lights.ts';

const FANFARE_FACE_MS = cueLengthMs('fanfare');
const TIMEOUT_FACE_MS = cueLengthMs('timeout');

describe('a game', () => {
  it('boots in ready with EVT POWER on and starts at the debounced triangle press', () => {
    const device = firmwareDevice();
    expect(device.takeLines()).toEqual(['EVT POWER on']);
    expect(device.state).toBe('ready');
    expect(device.leds).toBe(0);
    device.setPin('triangle', 1);
    expect(device.advance(19)).toEqual([]);
    expect(device.advance(1)).toEqual(['EVT KEY triangle', 'EVT START left=720000']);
    expect(device.state).toBe('running');
    expect(device.leds & 0x3ff).toBe(0x3ff);
  });

  it('is won by finding `need` correct codes among the printed ones: CHIMEs, then FANFARE', () => {
    const device = firmwareDevice({ seed: 42 });
    device.send('START');
    const chimes: string[] = [];
    const found: string[] = [];
    for (const code of PRINTED_CODES) {
      const result = outcomes(enterCode(device, code));
      if (result[0]?.startsWith('EVT CHIME')) {
        chimes.push(result[0]);
        found.push(code);
      }
      if (result[0] === 'EVT FANFARE') break;
      expect(result.length === 0 || /^EVT (CHIME found=\d|BUZZ reason=decoy)$/.test(result[0] ?? '')).toBe(true);
    }
    expect(chimes).toEqual(['EVT CHIME found=1', 'EVT CHIME found=2', 'EVT CHIME found=3']);
    expect(device.state).toBe('won');
    expect(device.found).toBe(4);
    const left = device.timeLeftMs;
    device.advance(FANFARE_FACE_MS); // the fanfare's light pattern, then the game's face again
    expect(device.leds >> 10).toBe(0b1111);
    expect(left).toBeGreaterThan(0);
    // The countdown stopped: nothing more happens, the time left stays.
    const later = device.advance(60_000);
    expect(later.filter((line) => line.startsWith('EVT TIME'))).toEqual([]);
    expect(device.timeLeftMs).toBe(left);
    expect(device.send('STATUS')).toEqual([`OK STATUS state=won left=${left} found=4 need=4 entry=-`]);
  });

  it('plays CHIME, FANFARE, BUZZ and the lose sound on the buzzer', () => {
    const device = firmwareDevice({ seed: 3 });
    device.send('CONFIG need=1 correct=24');
    device.send('START');
    enterCode(device, PRINTED_CODES[0] ?? '');
    expect(device.state).toBe('won');
    expect(device.sound).toBe('fanfare');
    expect(device.tone.hz).toBeGreaterThan(0);
  });

  it('is lost when time runs out: WARN at 60 s and 10 s, TIME as segments go out, TIMEOUT', () => {
    const device = firmwareDevice();
    device.send('CONFIG duration=100');
    device.takeLines();
    device.send('START');
    const lines = device.advance(100_000);
    const events = lines.filter((line) => !line.startsWith('EVT TIME left'));
    expect(events).toEqual(['EVT WARN left=60000', 'EVT WARN left=10000', 'EVT TIMEOUT']);
    const times = lines.filter((line) => line.startsWith('EVT TIME left')).map((line) => Number(line.split('=')[1]));
    // one per segment (every 10 s here), the last at 0
    expect(times).toEqual([90_000, 80_000, 70_000, 60_000, 50_000, 40_000, 30_000, 20_000, 10_000, 0]);
    expect(lines.indexOf('EVT TIME left=60000')).toBeLessThan(lines.indexOf('EVT WARN left=60000'));
    expect(device.state).toBe('lost');
    expect(device.sound).toBe('lose');
    device.advance(TIMEOUT_FACE_MS); // the timeout's light pattern, then the game's face: a dark bar
    expect(device.leds & 0x3ff).toBe(0);
  });

  it('reports the time left at least every 30 s while running', () => {
    const device = firmwareDevice();
    device.send('CONFIG duration=3600');
    device.send('START');
    const lines = device.advance(400_000).filter((line) => line.startsWith('EVT TIME left='));
    const times = [3_600_000, ...lines.map((line) => Number(line.split('=')[1]))];
    for (let i = 1; i < times.length; i++) expect((times[i - 1] ?? 0) - (times[i] ?? 0)).toBeLessThanOrEqual(30_000);
    expect(lines).toContain('EVT TIME left=3240000'); // a segment out (every 360 s)
  });

  it('warns only when the game is longer than the warning point', () => {
    const device = firmwareDevice();
    device.send('CONFIG duration=60');
    device.send('START');
    const events = device.advance(60_000).filter((line) => line.startsWith('EVT WARN'));
    expect(events).toEqual(['EVT WARN left=10000']);
  });

  it('lights segment k while the time left is above k tenths, the current one flashing', () => {
    const device = firmwareDevice();
    device.send('CONFIG duration=100');
    device.send('START');
    expect(device.leds & 0x3ff).toBe(0x3ff);
    device.advance(200); // past the 150 ms flash: the current (top) segment is dark
    expect(device.leds & 0x3ff).toBe(0x1ff);
    device.advance(800); // t = 1000: the next flash
    expect(device.leds & 0x3ff).toBe(0x3ff);
    device.advance(9_000); // t = 10 s: left 90 s, segment 9 is out, segment 8 flashes
    expect(device.leds & 0x3ff).toBe(0x1ff);
    device.advance(200);
    expect(device.leds & 0x3ff).toBe(0x0ff);
  });

  it('ticks in the last minute, faster near the end', () => {
    const device = firmwareDevice();
    device.send('CONFIG duration=60');
    device.send('START');
    device.takeToneTimeline();
    const startAt = device.now;
    const tickStarts: number[] = [];
    const off = device.onTone((change) => {
      if (change.hz === 1800) tickStarts.push(60_000 - (change.t - startAt));
    });
    device.advance(60_000);
    off();
    const gaps = (from: number, to: number): number[] => {
      const inRange = tickStarts.filter((left) => left <= from && left > to);
      return inRange.slice(1).map((left, i) => (inRange[i] ?? 0) - left);
    };
    expect(tickStarts[0]).toBe(59_000);
    expect(new Set(gaps(59_000, 21_000))).toEqual(new Set([1000]));
    expect(new Set(gaps(19_500, 10_500))).toEqual(new Set([500]));
    expect(new Set(gaps(9_000, 5_500))).toEqual(new Set([500]));
    expect(new Set(gaps(4_750, 0))).toEqual(new Set([250]));
    // The 10 s warning plays instead of the ticks that fall while it sounds.
    expect(tickStarts).not.toContain(10_000);
    expect(tickStarts).not.toContain(9_500);
  });
});

describe('code entry', () => {
  function running(seed = 5) {
    const device = firmwareDevice({ seed });
    device.send('START');
    device.takeLines();
    return device;
  }

  it('answers a decoy with BUZZ decoy and a code already found with BUZZ used', () => {
    const device = firmwareDevice({ seed: 5 });
    device.send('CONFIG need=12');
    device.send('START');
    let chimes = 0;
    let decoys = 0;
    let won = false;
    for (const code of PRINTED_CODES) {
      const result = outcomes(enterCode(device, code));
      if (won) {
        expect(result).toEqual([]);
        continue;
      }
      if (result[0] === 'EVT FANFARE') {
        won = true;
        continue;
      }
      if (result[0] === 'EVT BUZZ reason=decoy') {
        decoys++;
        continue;
      }
      chimes++;
      expect(result).toEqual([`EVT CHIME found=${chimes}`]);
      expect(outcomes(enterCode(device, code))).toEqual(['EVT BUZZ reason=used']);
      expect(device.found).toBe(chimes);
    }
    expect(chimes).toBe(11);
    expect(won).toBe(true);
    expect(decoys).toBeGreaterThan(0);
  });

  it('draws the correct codes from the seed: `correct` of the 24 per game', () => {
    const device = firmwareDevice({ seed: 9 });
    device.send('CONFIG correct=5 need=5');
    device.send('START');
    let chimes = 0;
    for (const code of PRINTED_CODES) {
      const result = outcomes(enterCode(device, code));
      if (result[0]?.startsWith('EVT CHIME') || result[0] === 'EVT FANFARE') chimes++;
    }
    expect(chimes).toBe(5);
  });

  it('sends EVT KEY before the consequence and the answer after it', () => {
    const device = running();
    expect(device.send('PRESS 2')).toEqual(['EVT KEY square', 'OK PRESS']);
    expect(device.send('PRESS circle')).toEqual(['EVT KEY circle', 'EVT BUZZ reason=mistake', 'OK PRESS']);
  });

  it('buzzes a mistake at once when the last button is repeated (after 1 and after 2 symbols)', () => {
    const device = running();
    expect(outcomes(enterCode(device, '33'))).toEqual(['EVT BUZZ reason=mistake']);
    expect(device.entry).toEqual([]);
    expect(outcomes(enterCode(device, '3'))).toEqual([]);
    expect(device.entry).toEqual([3]);
    expect(outcomes(enterCode(device, '1'))).toEqual([]);
    expect(outcomes(enterCode(device, '1'))).toEqual(['EVT BUZZ reason=mistake']);
    expect(device.entry).toEqual([]);
    expect(device.sound).toBe('buzz');
  });

  it('buzzes the prefix square-circle ("21"), which begins no printed code', () => {
    expect(PRINTED_CODES.some((code) => code.startsWith('21'))).toBe(false);
    const device = running();
    expect(outcomes(enterCode(device, '2'))).toEqual([]);
    expect(outcomes(enterCode(device, '1'))).toEqual(['EVT BUZZ reason=mistake']);
    // and the entry starts over: a full code after it is checked normally
    const result = outcomes(enterCode(device, PRINTED_CODES[0] ?? ''));
    expect(result).toHaveLength(1);
    expect(result[0]).toMatch(/^EVT (CHIME found=1|BUZZ reason=decoy)$/);
  });

  it('abandons an entry unfinished for 8 s with BUZZ idle', () => {
    const device = running();
    enterCode(device, '3');
    expect(device.advance(7_999).filter((line) => line.startsWith('EVT BUZZ'))).toEqual([]);
    expect(device.advance(1)).toContain('EVT BUZZ reason=idle');
    expect(device.entry).toEqual([]);
    // the timeout runs from the last symbol
    enterCode(device, '3');
    device.advance(5_000);
    enterCode(device, '1');
    expect(device.advance(5_000).filter((line) => line.startsWith('EVT BUZZ'))).toEqual([]);
    expect(device.advance(3_000)).toContain('EVT BUZZ reason=idle');
  });

  it('takes symbol presses outside a running game as a KEY and a click only', () => {
    const device = firmwareDevice();
    device.takeLines();
    expect(device.send('PRESS 1')).toEqual(['EVT KEY circle', 'OK PRESS']);
    expect(device.entry).toEqual([]);
    expect(device.sound).toBe('click');
  });

  it('cuts a playing feedback sound with the next click', () => {
    const device = running();
    enterCode(device, '33');
    expect(device.sound).toBe('buzz');
    device.send('PRESS 1');
    expect(device.sound).toBe('click');
  });
});

describe('pause and resume', () => {
  it('pauses at the 1.5 s mark of a held triangle and resumes at the next press', () => {
    const device = firmwareDevice();
    device.send('START');
    device.takeLines();
    enterCode(device, '3');
    device.setPin('triangle', 1);
    expect(device.advance(20)).toEqual(['EVT KEY triangle']);
    expect(device.advance(1_499)).toEqual([]);
    expect(device.advance(1)).toEqual(['EVT PAUSE']);
    expect(device.state).toBe('paused');
    expect(device.entry).toEqual([]); // cleared silently
    const left = device.timeLeftMs;
    device.advance(5_000);
    device.setPin('triangle', 0);
    // Frozen for as long as it stays paused (up to the deep-sleep wait, tested in power.test.ts).
    expect(device.advance(170_000).filter((line) => line.startsWith('EVT'))).toEqual([]);
    expect(device.timeLeftMs).toBe(left);
    expect(device.leds & 0x3ff).toBe(0x3ff); // frozen, steady
    expect(device.press('triangle')).toEqual(['EVT KEY triangle', 'EVT RESUME']);
    expect(device.state).toBe('running');
  });

  it('does nothing but click on a short triangle press while running', () => {
    const device = firmwareDevice();
    device.send('START');
    device.takeLines();
    expect(device.press('triangle', { holdMs: 1_400 })).toEqual(['EVT KEY triangle']);
    expect(device.state).toBe('running');
    expect(device.send('PRESS triangle')).toEqual(['EVT KEY triangle', 'OK PRESS']);
    expect(device.state).toBe('running');
  });

  it('answers PAUSE and RESUME only in running and paused', () => {
    const device = firmwareDevice();
    expect(device.send('PAUSE')).toEqual(['ERR state ready']);
    device.send('START');
    expect(device.send('RESUME')).toEqual(['ERR state running']);
    expect(device.send('PAUSE')).toEqual(['EVT PAUSE', 'OK PAUSE']);
    expect(device.send('PAUSE')).toEqual(['ERR state paused']);
    expect(device.send('START')).toEqual(['ERR state paused']);
    expect(device.send('RESUME')).toEqual(['EVT RESUME', 'OK RESUME']);
  });

  it('does not pause when the triangle that started the game stays held', () => {
    const device = firmwareDevice();
    device.takeLines();
    device.setPin('triangle', 1);
    expect(device.advance(5_000)).toEqual(['EVT KEY triangle', 'EVT START left=720000']);
    expect(device.state).toBe('running');
  });

  it('takes symbol presses while paused as a KEY and a click, entering nothing', () => {
    const device = firmwareDevice();
    device.send('START');
    device.send('PAUSE');
    expect(device.send('PRESS 3')).toEqual(['EVT KEY diamond', 'OK PRESS']);
    expect(device.entry).toEqual([]);
    expect(device.sound).toBe('click');
  });

  it('starts a new game from won and lost with the triangle', () => {
    const device = firmwareDevice();
    device.send('CONFIG duration=60');
    device.send('START');
    device.advance(60_000);
    expect(device.state).toBe('lost');
    device.takeLines();
    expect(device.press('triangle')).toEqual(['EVT KEY triangle', 'EVT START left=60000']);
    expect(device.found).toBe(0);
  });
});
