// Light sleep on the emulated Pico: the clocks kept in SLEEP_EN0/SLEEP_EN1, SCR.SLEEPDEEP set
// only around the WFI between wake times, and the kept clocks being the ones a wake-up needs.
import { beforeAll, describe, expect, it } from 'vitest';

import { SLEEP_EN0, SLEEP_EN1, SCR_SLEEPDEEP, sleepStepError } from './harness/sleep-gating.ts';
import { Presser, bootPico, command, texts } from './harness/session.ts';
import { buildPicoImage, picoToolsOrSkip } from './harness/toolchain.ts';

const run = picoToolsOrSkip();

const CLOCKS_SLEEP_EN1 = 0x4000_80ac;

/** The names of the bits set in `value`, from a table of bit masks. */
function names(table: Readonly<Record<string, number>>, value: number): string[] {
  return Object.entries(table)
    .filter(([, bit]) => (value & bit) !== 0)
    .map(([name]) => name)
    .sort();
}

/** A running game, with the buzzer's start tone sounding. */
function gameRunning(seed = 3) {
  const pico = bootPico({ seed });
  command(pico, 'CONFIG duration=600');
  new Presser(pico).press('triangle');
  return pico;
}

describe.runIf(run)('light sleep on the emulated Pico', () => {
  beforeAll(() => buildPicoImage());

  it('keeps only the TIMER, UART0, PWM and GPIO clocks running in sleep, and every clock when awake', () => {
    const { sleepGating } = bootPico();
    expect(names(SLEEP_EN0, sleepGating.sleepEn0)).toEqual(['CLK_SYS_IO', 'CLK_SYS_PADS', 'CLK_SYS_PWM']);
    expect(names(SLEEP_EN1, sleepGating.sleepEn1)).toEqual(['CLK_PERI_UART0', 'CLK_SYS_TIMER', 'CLK_SYS_UART0']);
    expect(sleepGating.sleepEn0 >>> 0).toBe(0x0002_0900);
    expect(sleepGating.sleepEn1).toBe(0x0000_00e0);
    // WAKE_EN stays at its reset value: every clock runs while the core is awake.
    expect(sleepGating.wakeEn0 >>> 0).toBe(0xffff_ffff);
    expect(sleepGating.wakeEn1).toBe(0x7fff);
  });

  it('sets SCR.SLEEPDEEP before each WFI between wake times and clears it after', () => {
    const pico = gameRunning();
    pico.run(3_000);
    const { steps } = pico.sleepGating;
    expect(sleepStepError(steps)).toBeUndefined();
    expect(steps.filter((step) => step === 'deep').length).toBeGreaterThan(5);
    // Between wake times the core is in deep sleep, with SLEEPDEEP set.
    expect(pico.sleepGating.inDeepSleep).toBe(true);
    expect(pico.sleepGating.scr & SCR_SLEEPDEEP).toBe(SCR_SLEEPDEEP);
  });

  it('enters DORMANT with SLEEPDEEP clear and sleeps lightly again after waking', () => {
    const pico = bootPico();
    command(pico, 'CONFIG sleep=30');
    pico.runUntilLine((text) => text === 'EVT SLEEP', 31_000);
    pico.run(5);
    expect(pico.isDormant).toBe(true);
    new Presser(pico).press('circle');
    pico.run(2_000);
    const { steps } = pico.sleepGating;
    expect(sleepStepError(steps)).toBeUndefined();
    const dormantAt = steps.indexOf('dormant');
    expect(dormantAt).toBeGreaterThan(0);
    expect(steps.slice(dormantAt + 1)).toContain('deep');
  });

  it('wakes for every timer alarm, received byte and button edge with the clocks it keeps', () => {
    const pico = gameRunning();
    pico.run(1_000);
    expect(texts(command(pico, 'STATUS'))).toEqual([expect.stringMatching(/^OK STATUS state=running /)]);
    new Presser(pico).press('circle');
    pico.run(1_000);
    expect(pico.sleepGating.heldInterrupts.size).toBe(0);
  });

  it('would sleep through its wake times with the TIMER gated in sleep: the kept clocks matter', () => {
    const pico = gameRunning();
    pico.run(1_000);
    const wakeups = pico.stats.wakeups;
    pico.rp2040.writeUint32(CLOCKS_SLEEP_EN1, pico.sleepGating.sleepEn1 & ~SLEEP_EN1.CLK_SYS_TIMER);
    pico.run(5_000);
    expect(pico.sleepGating.heldInterrupts.get(0)).toBeGreaterThan(0);
    expect(pico.stats.wakeups - wakeups).toBe(0);
    // A received byte still wakes it (UART0 is clocked), and the held alarm arrives with it.
    expect(texts(command(pico, 'STATUS'))).toEqual([expect.stringMatching(/^OK STATUS state=running /)]);
  });
});
