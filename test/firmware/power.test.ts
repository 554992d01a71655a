// Deep sleep, wake-up and the battery checks.
import { describe, expect, it } from 'vitest';
import { FirmwareHarness, SOUND_IDS } from '../support/firmware-harness.ts';
import { cueLengthMs } from '../support/lights.ts';
import { enterCode, firmwareDevice } from '../support/firmware-device.ts';

describe('deep sleep', () => {
  it('sleeps after `sleep` s without input in ready: outputs off, EVT SLEEP, sleep(1), nothing timed', () => {
    const fw = new FirmwareHarness();
    expect(fw.advance(179_999)).toEqual([]);
    const calls = fw.calls.length;
    expect(fw.advance(1)).toEqual(['EVT SLEEP']);
    expect(fw.calls.slice(calls).map((call) => `${call.name}(${call.args.join(',')})`)).toEqual(['tone(0,2)', 'sleep(1)']);
    expect(fw.state).toBe('sleep');
    expect(fw.exports.powerMode()).toBe(1);
    expect(fw.exports.nextWake()).toBe(-1);
    expect(fw.exports.ledMask()).toBe(0);
  });

  it('turns the lights off (leds(0)) when it sleeps in won, and back on when it wakes', () => {
    const dev = firmwareDevice({ seed: 8 });
    dev.send('CONFIG need=1 correct=24 sleep=30');
    dev.send('START');
    enterCode(dev, '312');
    expect(dev.state).toBe('won');
    dev.advance(cueLengthMs('fanfare'));
    const lit = dev.leds;
    expect(lit >> 10).toBe(0b1111);
    dev.takeLines();
    expect(dev.advance(30_000 - cueLengthMs('fanfare'))).toEqual(['EVT SLEEP']);
    expect(dev.leds).toBe(0);
    expect(dev.deepSleep).toBe(true);
    expect(dev.press('star')).toEqual(['EVT WAKE']);
    expect(dev.state).toBe('won');
    expect(dev.leds).toBe(lit);
  });

  it('counts the idle time from the last input', () => {
    const dev = firmwareDevice();
    dev.takeLines();
    dev.advance(100_000);
    dev.send('STATUS');
    expect(dev.advance(179_999).filter((line) => line === 'EVT SLEEP')).toEqual([]);
    expect(dev.advance(1)).toEqual(['EVT SLEEP']);
  });

  it('never sleeps with sleep=0, while running, or while a TIMER runs', () => {
    const dev = firmwareDevice();
    dev.send('CONFIG sleep=0');
    expect(dev.advance(3_600_000)).toEqual([]);
    dev.send('CONFIG sleep=30 duration=3600');
    dev.send('START');
    expect(dev.advance(600_000).filter((line) => line === 'EVT SLEEP')).toEqual([]);
    dev.send('RESET');
    dev.send('TIMER 100');
    const lines = dev.advance(100_000 + 29_999);
    expect(lines).not.toContain('EVT SLEEP');
    expect(lines).toContain('EVT TIMEOUT');
    expect(dev.advance(1)).toEqual(['EVT SLEEP']);
  });

  it('sleeps in a forgotten paused game and wakes into it with the time left unchanged', () => {
    const dev = firmwareDevice();
    dev.send('CONFIG sleep=30');
    dev.send('START');
    dev.advance(100_000);
    dev.send('PAUSE');
    const left = dev.timeLeftMs;
    dev.takeLines();
    expect(dev.advance(29_999)).toEqual([]);
    expect(dev.advance(1)).toEqual(['EVT SLEEP']);
    expect(dev.leds).toBe(0);
    expect(dev.advance(3_600_000)).toEqual([]);
    expect(dev.send('')).toEqual(['EVT WAKE', 'ERR state sleep']);
    expect(dev.send('STATUS')).toEqual([`OK STATUS state=paused left=${left} found=0 need=4 entry=-`]);
    expect(dev.leds).not.toBe(0);
    expect(dev.send('RESUME')).toEqual(['EVT RESUME', 'OK RESUME']);
    dev.advance(1000);
    expect(dev.timeLeftMs).toBe(left - 1000);
  });

  it('wakes on a button edge: the waking press is consumed, the next one counts', () => {
    const dev = firmwareDevice();
    dev.advance(180_000);
    dev.takeLines();
    expect(dev.press('triangle')).toEqual(['EVT WAKE']);
    expect(dev.state).toBe('ready');
    expect(dev.deepSleep).toBe(false);
    expect(dev.press('triangle')).toEqual(['EVT KEY triangle', 'EVT START left=720000']);
  });

  it('wakes on a serial byte and answers the line that woke it ERR state sleep; the next line runs', () => {
    const dev = firmwareDevice();
    dev.advance(180_000);
    dev.takeLines();
    expect(dev.send('START')).toEqual(['EVT WAKE', 'ERR state sleep']);
    expect(dev.state).toBe('ready');
    expect(dev.send('START')).toEqual(['EVT START left=720000', 'OK START']);
    dev.send('RESET');
    dev.advance(180_000);
    expect(dev.sendBytes('STA')).toEqual(['EVT WAKE']);
    expect(dev.sendBytes('TUS\n')).toEqual(['ERR state sleep']);
    expect(dev.send('STATUS')).toEqual(['OK STATUS state=ready left=0 found=0 need=4 entry=-']);
  });

  it('drops a half-received line from before the sleep along with the waking line', () => {
    const dev = firmwareDevice();
    dev.sendBytes('HEL');
    dev.advance(180_000);
    dev.takeLines();
    expect(dev.send('')).toEqual(['EVT WAKE', 'ERR state sleep']);
    expect(dev.send('HELLO')).toEqual([expect.stringMatching(/^OK HELLO /)]);
  });

  it('PRESS while asleep only wakes', () => {
    const dev = firmwareDevice();
    dev.advance(180_000);
    dev.takeLines();
    expect(dev.send('PRESS triangle')).toEqual(['EVT WAKE', 'ERR state sleep']);
    expect(dev.state).toBe('ready');
    expect(dev.send('PRESS triangle')).toEqual(['EVT KEY triangle', 'EVT START left=720000', 'OK PRESS']);
  });

  it('sleeps in table mode when no TIMER runs, and wakes back into it', () => {
    const dev = firmwareDevice();
    dev.send('PLAY chime');
    dev.takeLines();
    expect(dev.advance(180_000)).toEqual(['EVT SLEEP']);
    expect(dev.send('STATUS')).toEqual(['EVT WAKE', 'ERR state sleep']);
    expect(dev.send('STATUS')).toEqual(['OK STATUS state=table left=0 found=0 need=4 entry=-']);
  });
});

describe('battery', () => {
  it('refuses to start below 3300 mV: lowbat sound, EVT LOWBAT, stays put; START answers ERR lowbat', () => {
    const dev = firmwareDevice({ batteryMv: 3299 });
    dev.takeLines();
    expect(dev.press('triangle')).toEqual(['EVT KEY triangle', 'EVT LOWBAT mv=3299']);
    expect(dev.state).toBe('ready');
    expect(dev.sound).toBe('lowbat');
    expect(dev.send('START')).toEqual(['EVT LOWBAT mv=3299', 'ERR lowbat mv=3299']);
    expect(dev.state).toBe('ready');
    dev.setBattery(3300);
    expect(dev.send('START')).toEqual(['EVT LOWBAT mv=3300', 'EVT START left=720000', 'OK START']);
  });

  it('starts between 3300 and 3599 mV with EVT LOWBAT and the lowbat sound before the start sound', () => {
    const fw = new FirmwareHarness({ batteryMv: 3599 });
    expect(fw.send('START')).toEqual(['EVT LOWBAT mv=3599', 'EVT START left=720000', 'OK START']);
    fw.advance(2_000);
    const sounds = fw.callsOf('sound').map((call) => call.args[0]);
    expect(sounds).toEqual([SOUND_IDS.power, SOUND_IDS.lowbat, SOUND_IDS.start]);
  });

  it('says nothing about the battery from 3600 mV', () => {
    const dev = firmwareDevice({ batteryMv: 3600 });
    dev.takeLines();
    expect(dev.send('START')).toEqual(['EVT START left=720000', 'OK START']);
  });
});
