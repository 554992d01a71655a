// @vitest-environment happy-dom
// The timer's parts of a page on their own: its events written back as protocol lines and said in
// the simulator's captions; the face's countdown from the host's clock, counted on while it runs
// and still while paused, with the device's ten segments; the device actions' buttons (the code
// drawn with its symbols) sending what was pressed, disabled until the answer.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeviceActions } from '../../host/web/page/device-actions.ts';
import { TimerFace } from '../../host/web/page/timer-face.ts';
import { eventLine, soundOfEvent } from '../../host/web/page/timer-words.ts';

describe("the timer's events in words", () => {
  it('writes each event back as its protocol line', () => {
    expect(eventLine({ name: 'BUZZ', reason: 'decoy' })).toBe('EVT BUZZ reason=decoy');
    expect(eventLine({ name: 'CHIME', found: 2 })).toBe('EVT CHIME found=2');
    expect(eventLine({ name: 'WARN', leftMs: 60000 })).toBe('EVT WARN left=60000');
    expect(eventLine({ name: 'START', leftMs: 720000 })).toBe('EVT START left=720000');
    expect(eventLine({ name: 'LOWBAT', mv: 3500 })).toBe('EVT LOWBAT mv=3500');
    expect(eventLine({ name: 'TIMEOUT' })).toBe('EVT TIMEOUT');
  });

  it("says the sound in the simulator's captions; TIME makes none", () => {
    expect(soundOfEvent({ name: 'BUZZ', reason: 'mistake' })?.text).toMatch(/^BUZZ — mistake/);
    expect(soundOfEvent({ name: 'BUZZ', reason: 'used' })?.text).toBe('BUZZ — code already found');
    expect(soundOfEvent({ name: 'CHIME', found: 3 })).toEqual({ sound: 'chime', symbol: '✓', text: 'CHIME — code found (3 found)' });
    expect(soundOfEvent({ name: 'FANFARE' })?.sound).toBe('fanfare');
    expect(soundOfEvent({ name: 'TIMEOUT' })?.text).toBe('Time is up: the Empire wins');
    expect(soundOfEvent({ name: 'WARN', leftMs: 10000 })?.text).toBe('Warning: 10 seconds left');
    expect(soundOfEvent({ name: 'TIME', leftMs: 5000 })).toBeNull();
  });
});

describe("the timer's face", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts a running countdown on between snapshots, holds a paused one, and lights the segments still over their tenth', () => {
    const face = new TimerFace();
    document.body.replaceChildren(face.element);
    face.clock({ leftMs: 600_000, totalMs: 720_000, state: 'running', lost: false });
    const time = (): string => face.element.querySelector('.timer-time')?.textContent ?? '';
    const lit = (): number => face.element.querySelectorAll('.segment.lit').length;
    expect(time()).toBe('10:00 left');
    expect(lit()).toBe(9);
    vi.advanceTimersByTime(5_000);
    expect(time()).toBe('9:55 left');
    face.clock({ leftMs: 30_000, totalMs: 720_000, state: 'paused', lost: false });
    vi.advanceTimersByTime(5_000);
    expect(time()).toBe('0:30 left — paused');
    expect(lit()).toBe(1);
    face.clock({ leftMs: 30_000, totalMs: 720_000, state: 'stopped', lost: true });
    expect(time()).toMatch(/the timer lost its countdown: start it again/);
    face.clock({ leftMs: null, totalMs: null, state: 'waiting', lost: false });
    expect(time()).toBe('not started: press ▲ to start');
    expect(lit()).toBe(0);
  });

  it('shows the last sound and the link in words', () => {
    const face = new TimerFace();
    face.event({ name: 'BUZZ', reason: 'decoy' });
    expect(face.element.querySelector('.timer-sound')?.textContent).toBe('Last sound: ✕ BUZZ — decoy code');
    face.linkNotice('The link to the timer was lost (unplugged).', false);
    const link = face.element.querySelector('.timer-link');
    expect(link?.textContent).toBe('⚠ The link to the timer was lost (unplugged).');
    expect(link?.classList.contains('bad')).toBe(true);
    face.linkNotice('The timer answers again.', true);
    expect(link?.classList.contains('bad')).toBe(false);
  });
});

describe("the timer's buttons", () => {
  it('draws the open actions (the code with its symbols), sends the one pressed, and waits for the answer', () => {
    const sent: unknown[] = [];
    const actions = new DeviceActions((m) => sent.push(m));
    document.body.replaceChildren(actions.element);
    actions.snapshot({ actions: [], view: {} });
    expect(actions.element.hidden).toBe(true);
    actions.snapshot({
      actions: [
        { action: 'enter-code', label: 'Enter the code on the timer for us' },
        { action: 'pause-timer', label: 'Pause the timer' },
      ],
      view: { request: { symbols: ['star', 'circle', 'diamond'] } },
    });
    expect(actions.element.hidden).toBe(false);
    const buttons = [...actions.element.querySelectorAll('button')];
    expect(buttons.map((b) => b.textContent)).toEqual(['Enter the code on the timer for us: ★ star, ● circle, ◆ diamond', 'II Pause the timer']);
    buttons[0]?.click();
    expect(sent).toEqual([{ type: 'device', action: 'enter-code' }]);
    expect(buttons.every((b) => b.disabled)).toBe(true);
    actions.setEnabled(true);
    expect(buttons.every((b) => !b.disabled)).toBe(true);
  });
});
