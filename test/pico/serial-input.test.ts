// Serial input at the full baud rate on the emulated Pico: bytes arrive back to back at 115200
// baud against the core's own cycle count at 12 MHz, and the answers leave at 115200 baud too
// (harness/pl011-uart.ts). No byte may be lost: every line is answered as firmware/PROTOCOL.md
// says, pasted commands, lines of any length, while the flash is written, and after waking
// from deep sleep. The longest line and the slowest flash erase times are in serial-input.soak.ts
// (serial-paste.ts).
import { beforeAll, describe, expect, it } from 'vitest';

import { firmwareDevice } from '../support/firmware-device.ts';
import type { EmulatedPico } from './harness/emulated-pico.ts';
import { bootPico, command, texts } from './harness/session.ts';
import { buildPicoImage, buildPicoVariant, picoToolsOrSkip } from './harness/toolchain.ts';
import { sameLine } from './scenario.ts';
import { checkFlashDuringPaste, checkLongLine, paste, READY_STATUS, SEED, SERIAL_PASTES } from './serial-paste.ts';

const run = picoToolsOrSkip();
const IRQ_UART0 = 20;

/** A Pico in deep sleep (DORMANT), after `EVT SLEEP`. */
function asleep(): EmulatedPico {
  const pico = bootPico({ seed: SEED });
  command(pico, 'CONFIG sleep=30');
  pico.runUntilLine((text) => text === 'EVT SLEEP', 31_000);
  pico.run(5);
  expect(pico.isDormant).toBe(true);
  return pico;
}

describe.runIf(run)('serial input at 115200 baud on the emulated Pico', () => {
  let smallRing = '';
  beforeAll(() => {
    buildPicoImage();
    smallRing = buildPicoVariant('pico-small-rx-ring', ['--rx-ring', '64']);
  });

  // The runtime takes each character's errors from its DR word; UARTRSR, which an emulator or a
  // silicon erratum can read as all ones, must make no difference.
  const RECEIVE_STATUS = [
    ['UARTRSR as the chip has it', false],
    ['UARTRSR reading all ones', true],
  ] as const;

  it.each(RECEIVE_STATUS)('answers every one of 150 STATUS lines sent back to back (%s)', (_, rsrReadsAllOnes) => {
    const pico = bootPico({ seed: SEED, rsrReadsAllOnes });
    const lines = paste(pico, 'STATUS\n'.repeat(150));
    expect(lines).toEqual(Array<string>(150).fill(READY_STATUS));
    expect(pico.uart.rxOverruns).toBe(0);
  });

  it.each(SERIAL_PASTES.test.longLines)('answers a line of %i bytes with one ERR too-long, and the commands after it normally', (length) => {
    checkLongLine(length);
  });

  it('takes 80 bytes as a line and 81 as too long, carriage returns not counted', () => {
    const pico = bootPico({ seed: SEED });
    const status80 = `STATUS${' '.repeat(74)}`;
    const lines = paste(pico, `${status80}\n${status80}\r\n\r${status80}\n${status80} \nSTATUS\n`);
    expect(lines).toEqual([READY_STATUS, READY_STATUS, READY_STATUS, 'ERR too-long', READY_STATUS]);
  });

  it('reads thousands of empty lines and carriage returns sent back to back, then answers the command after them', () => {
    const pico = bootPico({ seed: SEED });
    expect(paste(pico, `${'\r\n'.repeat(2_000)}${'\n'.repeat(2_000)}  \r\nSTATUS\r\n`)).toEqual([READY_STATUS]);
    expect(pico.uart.rxOverruns).toBe(0);
  });

  it('answers a mix of commands pasted at once as the virtual device answers them one by one (no setting changed)', () => {
    const script = [
      'HELLO',
      'CONFIG volume=2 sleep=180',
      'CONFIG',
      'CODES',
      'STATUS',
      'START',
      'PRESS 3',
      'PRESS 1',
      'PRESS 2',
      'STATUS',
      'status\r',
      'PAUSE',
      'STATUS',
      'RESUME',
      'FROB nicate',
      '',
      '   ',
      'CONFIG volume=3',
      'PLAY chime',
      'PRESS',
      `PRESS ${'x'.repeat(90)}`,
      'PRESS 4',
      'RESET',
      'PLAY chime',
      'TIMER 30',
      'STATUS',
      'TIMER 0',
      'HELLO extra',
      'CODES',
      'RESET',
      'STATUS',
    ];
    const device = firmwareDevice({ seed: SEED });
    device.advance(50);
    const from = device.lines.length;
    for (const line of script) device.send(line);
    const expected = device.lines.slice(from);

    const pico = bootPico({ seed: SEED });
    const lines = paste(pico, script.map((line) => `${line}\n`).join(''));

    expect(expected.filter((line) => line.startsWith('ERR ')).length).toBeGreaterThan(5);
    expect(lines.length).toBe(expected.length);
    // Time values differ: the Pico answers each line once the answers before it have been sent.
    const mismatches = expected.map((line, i) => ({ i, virtual: line, pico: lines[i] })).filter(({ virtual, pico: p }) => !sameLine(virtual, p ?? '', 2_000));
    expect(mismatches).toEqual([]);
    expect(pico.uart.rxOverruns).toBe(0);
  });

  it.each(SERIAL_PASTES.test.flashes)(
    'loses no byte while a settings change and a pack transfer write the flash in the middle of a paste ($flash erase times)',
    (paste) => {
      checkFlashDuringPaste(paste);
    },
  );

  it.each(RECEIVE_STATUS)(
    "reports what the UART's FIFO lost when its receive interrupt is held off too long (a fault injected), and reads the lines after it (%s)",
    (_, rsrReadsAllOnes) => {
      // Nothing in the runtime holds UART0's interrupt off for longer than the FIFO lasts
      // (2.8 ms): the fault is injected. The overrun shows in the next character's DR.OE (the UART does not count
      // the bytes), the line it fell in is dropped, and input resumes at a line end.
      const pico = bootPico({ seed: SEED, rsrReadsAllOnes });
      const count = 40;
      const from = pico.lines.length;
      pico.sendBytes('STATUS\n'.repeat(count));
      pico.run(10);
      pico.holdInterrupt(IRQ_UART0, 8);
      pico.runUntilQuiet(50, 20_000);
      const lines = texts(pico.lines.slice(from));
      // One loss reported: the overrun (counted 1: the UART does not count the bytes it lost),
      // plus the bytes of its line after it, dropped up to the line end.
      const overruns = lines.filter((line) => line.startsWith('EVT OVERRUN'));
      expect(overruns).toHaveLength(1);
      const lost = Number(/^EVT OVERRUN lost=(\d+)$/.exec(overruns[0] ?? '')?.[1]);
      expect(lost).toBeGreaterThanOrEqual(1);
      expect(lost).toBeLessThanOrEqual(7);
      const at = lines.indexOf(overruns[0] ?? '');
      expect(at).toBeGreaterThan(0);
      expect(lines[at + 1]).toBe('ERR bad-byte');
      expect(pico.uart.rxOverruns).toBeGreaterThan(50);
      // 8 ms at 115200 baud is 92 bytes: 32 kept by the FIFO, about 60 lost (8 or 9 lines whole,
      // and the line the loss ends in, answered ERR bad-byte).
      const answered = lines.filter((line) => line === READY_STATUS).length;
      expect(count - answered - 1).toBeGreaterThanOrEqual(7);
      expect(count - answered - 1).toBeLessThanOrEqual(10);
      expect(lines.slice(at + 2).every((line) => line === READY_STATUS)).toBe(true);
      expect(texts(command(pico, 'STATUS'))).toEqual([READY_STATUS]);
    },
  );

  it.each(RECEIVE_STATUS)('reports an overrun that no character follows, once the sender has stopped (%s)', (_, rsrReadsAllOnes) => {
    // The receive interrupt held off from the first byte until well after the last: the FIFO
    // keeps 32 bytes, the rest is lost, and no character comes after the loss to carry DR.OE.
    const pico = bootPico({ seed: SEED, rsrReadsAllOnes });
    const from = pico.lines.length;
    pico.holdInterrupt(IRQ_UART0, 12);
    pico.sendBytes('STATUS\n'.repeat(8));
    pico.runUntilQuiet(50, 20_000);
    const lines = texts(pico.lines.slice(from));
    expect(pico.uart.rxOverruns).toBe(8 * 7 - 32);
    // The 4 whole lines the FIFO kept are answered, then the loss (counted 1: the UART does not
    // count the bytes it lost) ends the line the FIFO kept the start of.
    expect(lines).toEqual([...Array<string>(4).fill(READY_STATUS), 'EVT OVERRUN lost=1', 'ERR bad-byte']);
    expect(texts(command(pico, 'STATUS'))).toEqual([READY_STATUS]);
  });

  it('never loses input silently: a loss is reported as EVT OVERRUN, its line answered ERR bad-byte, and input resumes at a line end', () => {
    // A build whose receive ring holds 64 entries, and CODES, whose answer is 65 times as long
    // as the command: the ring fills while the answers drain.
    const pico = bootPico({ seed: SEED, uf2File: smallRing });
    const count = 60;
    const lines = paste(pico, 'CODES\n'.repeat(count), 30_000);

    const lost = lines
      .map((line) => /^EVT OVERRUN lost=(\d+)$/.exec(line))
      .filter((m) => m !== null)
      .map((m) => Number(m[1]));
    expect(lost.length).toBeGreaterThan(1);
    const answers = lines.filter((line) => !line.startsWith('OK CODE ') && !line.startsWith('EVT OVERRUN'));
    expect(new Set(answers)).toEqual(new Set(['OK CODES n=24', 'ERR bad-byte']));
    // Each loss is reported just before the answer to the line it damaged, which never runs.
    lines.forEach((line, i) => {
      if (line.startsWith('EVT OVERRUN')) expect(lines[i + 1]).toBe('ERR bad-byte');
    });
    expect(answers.filter((line) => line === 'ERR bad-byte').length).toBe(lost.length);
    // Every line is accounted for: answered, or lost whole with its '\n' among the bytes
    // reported lost (n bytes of 6-byte lines, dropped up to a line end, hold floor(n/6) line
    // ends, or ceil(n/6) with one answered when the input ended before a line end came).
    const unanswered = count - answers.length;
    expect(unanswered).toBeGreaterThanOrEqual(lost.reduce((sum, n) => sum + Math.ceil(n / 6) - 1, 0));
    expect(unanswered).toBeLessThanOrEqual(lost.reduce((sum, n) => sum + Math.floor(n / 6), 0));
    // Every complete answer is whole: 24 codes, then its last line.
    expect(lines.filter((line) => line.startsWith('OK CODE ')).length).toBe(24 * answers.filter((line) => line === 'OK CODES n=24').length);
    // The next line typed is read whole.
    expect(texts(command(pico, 'STATUS'))).toEqual([READY_STATUS]);
  });

  it.each(RECEIVE_STATUS)('ends a loss when the sender stops before a line end, so the next line is read whole (%s)', (_, rsrReadsAllOnes) => {
    const pico = bootPico({ seed: SEED, uf2File: smallRing, rsrReadsAllOnes });
    const lines = paste(pico, `${'CODES\n'.repeat(20)}CODES`, 30_000);
    expect(lines.at(-2)).toMatch(/^EVT OVERRUN lost=\d+$/);
    expect(lines.at(-1)).toBe('ERR bad-byte');
    expect(texts(command(pico, 'STATUS'))).toEqual([READY_STATUS]);
  });

  it('after waking from deep sleep, answers the waking line ERR state sleep and every line after it', () => {
    const pico = asleep();
    const count = 150;
    const lines = paste(pico, 'STATUS\n'.repeat(count));
    // The bytes that arrive while the crystal restarts are lost, with the start bit that woke
    // it; the runtime drops the rest of the line in flight. Each line is 7 bytes.
    const lost = pico.serialBytesLostWaking;
    expect(lost).toBeGreaterThan(0);
    expect(lost).toBeLessThan(20);
    const dropped = Math.floor(lost / 7) + 1;
    expect(lines).toEqual(['EVT WAKE', 'ERR state sleep', ...Array<string>(count - dropped).fill(READY_STATUS)]);
    expect(pico.uart.rxOverruns).toBe(0);
  });

  it('after waking from deep sleep, reads long lines and pasted lines without losing a byte', () => {
    const pico = asleep();
    const long = 'x'.repeat(3_000);
    const lines = paste(pico, `${long}\n${long}\nSTATUS\n${'HELLO\n'.repeat(40)}`);
    // The waking line is the first long one: its tail is dropped, the second is too long.
    expect(lines.slice(0, 4)).toEqual(['EVT WAKE', 'ERR state sleep', 'ERR too-long', READY_STATUS]);
    expect(lines.slice(4)).toEqual(Array<string>(40).fill(expect.stringMatching(/^OK HELLO /) as unknown as string));
  });
});
