// Power saving on the emulated Pico: WFI between the firmware's wake times, DORMANT in deep sleep.
import { beforeAll, describe, expect, it } from 'vitest';

import { Presser, bootPico, command, texts } from './harness/session.ts';
import { buildPicoImage, picoToolsOrSkip } from './harness/toolchain.ts';

const run = picoToolsOrSkip();

function asleep(seed = 9) {
  const pico = bootPico({ seed });
  command(pico, 'CONFIG sleep=30');
  pico.runUntilLine((text) => text === 'EVT SLEEP', 31_000);
  pico.run(5);
  return pico;
}

describe.runIf(run)('sleep on the emulated Pico', () => {
  beforeAll(() => buildPicoImage());

  it('goes DORMANT after the idle time and stays there without a single wake-up', () => {
    const pico = asleep();
    expect(pico.isDormant).toBe(true);
    const wakeups = pico.stats.wakeups;
    const awake = pico.stats.awakeNanos;
    pico.run(60_000);
    expect(pico.isDormant).toBe(true);
    expect(pico.stats.wakeups).toBe(wakeups);
    expect(pico.stats.awakeNanos).toBe(awake);
    expect(pico.ledMask()).toBe(0);
    expect(pico.buzzer().hz).toBe(0);
  });

  it('wakes on a button edge: EVT WAKE, and that press is consumed', () => {
    const pico = asleep();
    const from = pico.lines.length;
    new Presser(pico).press('circle');
    expect(pico.isDormant).toBe(false);
    expect(pico.stats.dormantWakes).toBe(1);
    expect(texts(pico.lines.slice(from))).toEqual(['EVT WAKE']);
    expect(texts(command(pico, 'STATUS'))).toEqual(['OK STATUS state=ready left=0 found=0 need=4 entry=-']);
  });

  it('wakes on a serial start bit: the line that woke it is answered ERR state sleep, the next one runs', () => {
    const pico = asleep();
    const from = pico.lines.length;
    pico.sendLine('STATUS');
    pico.run(20);
    expect(texts(pico.lines.slice(from))).toEqual(['EVT WAKE', 'ERR state sleep']);
    expect(texts(command(pico, 'STATUS'))).toEqual(['OK STATUS state=ready left=0 found=0 need=4 entry=-']);
  });

  it('drops the tail of a long waking line and answers the line after it', () => {
    const pico = asleep();
    const from = pico.lines.length;
    pico.sendLine('CONFIG duration=300 correct=12 need=4 sleep=60 volume=1');
    pico.run(20);
    expect(texts(pico.lines.slice(from))).toEqual(['EVT WAKE', 'ERR state sleep']);
    expect(texts(command(pico, 'CONFIG'))).toEqual(['OK CONFIG duration=720 correct=12 need=4 sleep=30 volume=2']);
  });

  it('sleeps in WFI between wake times while a game runs: few wake-ups per second', () => {
    const pico = bootPico();
    command(pico, 'CONFIG duration=600');
    new Presser(pico).press('triangle');
    pico.run(1_000);
    const wakeups = pico.stats.wakeups;
    const awake = pico.stats.awakeNanos;
    pico.run(10_000);
    const perSecond = (pico.stats.wakeups - wakeups) / 10;
    expect(perSecond).toBeGreaterThan(0);
    expect(perSecond).toBeLessThan(20);
    expect((pico.stats.awakeNanos - awake) / 10_000e6).toBeLessThan(0.01); // under 1 % of the time awake
  });
});
