// The bring-up check on the built-in virtual timer, wired right and wired wrong: each fault is
// found and its cause names the right pin.
import { afterEach, describe, expect, it } from 'vitest';
import { CHECK_STEPS, parseSteps } from '../../host/check/steps.ts';
import { checkedTimer, checkWith, failures, person, type CheckedTimer } from './support.ts';

let open: CheckedTimer | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

async function timer(options: Parameters<typeof checkedTimer>[0] = {}): Promise<CheckedTimer> {
  open = await checkedTimer(options);
  return open;
}

describe('companion check on the virtual timer', () => {
  it('passes everything on a timer wired right, and leaves its settings as they were', async () => {
    const t = await timer();
    await t.link.request('CONFIG volume=1 sleep=600');
    const before = (await t.link.request('CONFIG')).line;
    const report = await checkWith(t, person(t.device));
    expect(failures(report)).toEqual([]);
    expect(report.end).toEqual({ kind: 'finished' });
    expect(report.items.filter((i) => i.outcome === 'passed').map((i) => i.section)).toEqual([
      ...Array(CHECK_STEPS.protocol.checks.length).fill('protocol'),
      'battery',
      ...Array(16).fill('lights'),
      ...Array(6).fill('sounds'),
      ...Array(5).fill('buttons'),
      'power',
      'power',
      'sleep',
      'sleep',
    ]);
    expect(report.settingsRestored).toBe(true);
    expect((await t.link.request('CONFIG')).line).toBe(before);
    expect((await t.link.status()).state).toBe('ready');
  });

  it('finds an LED that never lights and names its GPIO and resistor', async () => {
    const t = await timer({ wiring: { darkLeds: 1 << 2 } });
    const report = await checkWith(t, person(t.device));
    expect(failures(report).map((f) => [f.id, f.cause])).toEqual([
      ['light-2', "The third bar segment not lit: check GP4, its resistor r_bar2 (1 kΩ) and the LED's direction (anode, the long leg, towards the resistor)"],
      ['lit', expect.stringMatching(/^A light goes dark when all are lit together/)],
    ]);
  });

  it('finds a dark found light', async () => {
    const t = await timer({ wiring: { darkLeds: 1 << 13 } });
    const report = await checkWith(t, person(t.device));
    expect(failures(report).map((f) => f.id)).toEqual(['light-13', 'lit']);
    expect(failures(report)[0]?.cause).toMatch(/^The fourth found light not lit: check GP15, its resistor r_found4/);
  });

  it("finds a button wired to another button's pin, and one wired to no pin, and what that does to waking", async () => {
    const t = await timer({ wiring: { buttons: { circle: 'square', star: null } } });
    const report = await checkWith(t, person(t.device));
    expect(failures(report).map((f) => [f.id, f.seen, f.cause])).toEqual([
      ['circle', 'EVT KEY square', "The circle button arrived as square: its wire reaches GP20 (square's pin) instead of GP19"],
      ['star', 'no EVT KEY', 'No press seen from the star button: check GP22 and its ground'],
      ['wake', 'no EVT WAKE', "No EVT WAKE after the star button: the button's pin GP22 does not wake the chip from sleep; check GP22 and its ground"],
    ]);
  });

  it('a button the person never presses fails on its time limit with its cause', async () => {
    const t = await timer();
    const report = await checkWith(t, person(t.device, { presses: { diamond: 'not' } }));
    expect(failures(report).map((f) => [f.id, f.cause])).toEqual([['diamond', 'No press seen from the diamond button: check GP21 and its ground']]);
    // The check waited its whole time limit, on the timer's own clock.
    expect(t.device.now).toBeGreaterThan(CHECK_STEPS.buttons.timeLimitMs);
  });

  it('a bouncing contact counts once: the firmware debounces it', async () => {
    const t = await timer({ bounce: true });
    const report = await checkWith(t, person(t.device));
    expect(failures(report)).toEqual([]);
    expect(report.items.filter((i) => i.section === 'buttons').map((i) => i.seen)).toEqual([
      'EVT KEY circle',
      'EVT KEY square',
      'EVT KEY diamond',
      'EVT KEY star',
      'EVT KEY triangle',
    ]);
  });

  it('a button pressed twice fails, or counts once, as the data says', async () => {
    const t = await timer();
    const report = await checkWith(t, person(t.device, { presses: { square: 'twice' } }));
    expect(failures(report).map((f) => [f.id, f.cause])).toEqual([
      [
        'square',
        "The square button gave 2 presses for one: a contact that chatters longer than the debounce, or it was pressed twice; check the button's solder joints on GP20",
      ],
    ]);
    const lenient = parseSteps({ ...CHECK_STEPS, buttons: { ...CHECK_STEPS.buttons, morePresses: 'count-once' } });
    const again = await checkWith(t, person(t.device, { presses: { square: 'twice' } }), lenient);
    expect(failures(again)).toEqual([]);
    expect(again.items.find((i) => i.id === 'square')?.seen).toBe('EVT KEY square, EVT KEY square: counted as one');
  });

  it.each([
    [0, /^The battery reads 0 mV: no voltage reaches GP28: are the cells in and the power switch on\? Check the switch, then r_bat_top \(470 kΩ\)/],
    [2600, /^The battery reads 2600 mV, under 3000 mV: fresh cells, or check that r_bat_top and r_bat_bottom are both 470 kΩ/],
    [6600, /^The battery reads 6600 mV, over 5490 mV \(more than three cells give\): check r_bat_bottom \(470 kΩ\) from GP28 to AGND/],
  ])('a battery reading of %i mV is out of range, with its cause', async (mv, cause) => {
    const t = await timer();
    await t.link.request(`SIM BATTERY ${mv}`);
    const report = await checkWith(t, person(t.device));
    expect(failures(report).map((f) => [f.id, f.seen])).toEqual([['battery', `mv=${mv}`]]);
    expect(failures(report)[0]?.cause).toMatch(cause);
  });
});

describe('the power switch', () => {
  it('on its cells alone: the timer goes silent when off and says EVT POWER on when on', async () => {
    const t = await timer();
    const report = await checkWith(t, person(t.device, { supply: 'cells' }));
    expect(failures(report)).toEqual([]);
    expect(report.items.filter((i) => i.section === 'power').map((i) => [i.id, i.seen])).toEqual([
      ['off', 'the timer went silent'],
      ['on', 'EVT POWER on'],
    ]);
  });

  it('on USB power: the battery reading drops when off and comes back when on', async () => {
    const t = await timer();
    const report = await checkWith(t, person(t.device, { supply: 'usb' }));
    expect(report.items.filter((i) => i.section === 'power').map((i) => [i.id, i.outcome, i.seen])).toEqual([
      ['off', 'passed', 'on USB power, mv=0'],
      ['on', 'passed', 'mv=4500'],
    ]);
  });

  it('a switch that cuts nothing fails with what to check', async () => {
    const t = await timer();
    const report = await checkWith(t, person(t.device, { supply: 'stuck' }));
    expect(failures(report).map((f) => [f.id, f.cause])).toEqual([
      [
        'off',
        "The battery still reads 4500 mV with the switch off: the switch power does not cut the cells; check that the battery's + goes to its middle pin, and its on contact to the diode and r_bat_top",
      ],
    ]);
    expect(t.device.now).toBeGreaterThan(CHECK_STEPS.power.timeLimitMs);
  });
});
