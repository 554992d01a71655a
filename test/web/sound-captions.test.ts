// Every sound is also seen: the caption says what it was and why, and its visual differs per
// sound and per reason (a decoy BUZZ is not a mistake BUZZ, a refusal is not a warning).
import { describe, expect, it } from 'vitest';
import { VirtualDevice, soundName, wasmFirmware } from '../../sim/device/index.ts';
import { loadFirmwareModule } from '../../sim/device/node/load-firmware.ts';
import { BATTERY_REFUSE_MV, BATTERY_WARN_MV, batteryLevel } from '../../sim/web/battery-levels.ts';
import { tapOutputs } from '../../sim/web/output-taps.ts';
import { SOUND_LOOKS, SoundCaptions, reasonOf, type Caption } from '../../sim/web/sound-captions.ts';
import { PRINTED_CODES, enterCode } from '../support/firmware-device.ts';

/** The real firmware with its captions followed as the page follows them. */
function captioned(seed = 3, batteryMv?: number) {
  const captions = new SoundCaptions();
  const shown: Caption[] = [];
  captions.onCaption((caption) => shown.push(caption));
  let device: VirtualDevice | undefined;
  const firmware = tapOutputs(wasmFirmware(loadFirmwareModule()), {
    sound: (id) => {
      const name = soundName(id);
      if (name && device) captions.sound(name, device.now);
    },
  });
  device = VirtualDevice.create({ seed, firmware, batteryMv, powered: false });
  const d = device;
  d.onLine((line) => captions.line(line, d.now));
  d.setPower(true);
  const texts = (): string[] => shown.map((caption) => caption.text);
  return { device: d, captions, shown, texts };
}

describe('sound captions', () => {
  it('pairs a sound with the line that explains it, whichever comes first at that instant', () => {
    const captions = new SoundCaptions();
    captions.line('EVT BUZZ reason=decoy', 100);
    captions.sound('buzz', 100);
    expect(captions.last).toMatchObject({ text: 'BUZZ — decoy code', variant: 'buzz-decoy', announce: true });
    captions.sound('buzz', 200);
    captions.line('EVT BUZZ reason=mistake', 200);
    expect(captions.last).toMatchObject({ variant: 'buzz-mistake' });
    expect(captions.last?.text).toMatch(/^BUZZ — mistake/);
    // A line explains one sound only: a later buzz with no line is a plain BUZZ.
    captions.sound('buzz', 900);
    expect(captions.last).toMatchObject({ text: 'BUZZ', variant: 'buzz' });
  });

  it('words warnings, low battery and refusals, and does not read out clicks and ticks', () => {
    expect(reasonOf('EVT WARN left=60000')?.text).toBe('Warning: 1 minute left');
    expect(reasonOf('EVT WARN left=10000')?.text).toBe('Warning: 10 seconds left');
    expect(reasonOf(`EVT LOWBAT mv=${BATTERY_WARN_MV - 150}`)).toMatchObject({
      sound: 'lowbat',
      variant: 'lowbat',
      text: 'Low battery (3.45 V) — replace the cells soon',
    });
    expect(reasonOf(`EVT LOWBAT mv=${BATTERY_REFUSE_MV - 100}`)).toMatchObject({
      variant: 'lowbat-refused',
      text: 'Refused: battery flat (3.20 V) — the game cannot start',
    });
    expect(reasonOf('EVT KEY circle')).toBeUndefined();
    expect(SOUND_LOOKS.click.announce).toBe(false);
    expect(SOUND_LOOKS.tick.announce).toBe(false);
    const symbols = Object.values(SOUND_LOOKS).map((look) => look.symbol);
    expect(symbols.length).toBe(12);
  });

  it("captions the firmware's decoy and mistake BUZZes differently, and a found code as a CHIME", () => {
    const { device, texts, shown } = captioned(3);
    device.send('CONFIG correct=12 need=12');
    device.send('START');
    for (const code of PRINTED_CODES) {
      enterCode(device, code);
      device.advance(1000);
      if (texts().includes('BUZZ — decoy code') && texts().some((t) => t.startsWith('CHIME'))) break;
    }
    expect(texts()).toContain('BUZZ — decoy code');
    expect(texts().some((text) => /^CHIME — code found \(1 found\)$/.test(text))).toBe(true);
    const first = PRINTED_CODES[0]?.[0] ?? '1';
    device.send(`PRESS ${first}`);
    device.send(`PRESS ${first}`);
    const mistake = shown.at(-1);
    expect(mistake?.variant).toBe('buzz-mistake');
    const decoy = shown.find((caption) => caption.variant === 'buzz-decoy');
    expect(decoy?.symbol).toBe(mistake?.symbol);
    expect(decoy?.variant).not.toBe(mistake?.variant);
  });

  it('captions the warnings and the loss of a game, and the start, pause and power sounds', () => {
    const { device, texts } = captioned(4);
    device.send('CONFIG duration=120');
    device.send('START');
    device.send('PAUSE');
    device.send('RESUME');
    device.advance(121_000);
    expect(texts()).toEqual(
      expect.arrayContaining([
        'Switched on',
        'Game started: 2 minutes on the clock',
        'Game paused — press ▲ to go on',
        'Game resumed',
        'Warning: 1 minute left',
        'Warning: 10 seconds left',
        'Time is up: the Empire wins',
      ]),
    );
  });

  it('tells a refusal on a flat battery from a low-battery warning before a game', () => {
    const flat = captioned(5, BATTERY_REFUSE_MV - 100);
    flat.device.press('triangle');
    expect(flat.shown.at(-1)).toMatchObject({ sound: 'lowbat', variant: 'lowbat-refused' });
    expect(flat.device.state).toBe('ready');

    const low = captioned(5, BATTERY_WARN_MV - 100);
    low.device.press('triangle');
    low.device.advance(2000);
    expect(low.device.state).toBe('running');
    const variants = low.shown.map((caption) => caption.variant);
    expect(variants).toContain('lowbat');
    expect(variants).not.toContain('lowbat-refused');
    // The start sound queued after the warning still says the game started.
    expect(low.shown.at(-1)?.sound).toBe('start');
    expect(low.shown.at(-1)?.text).toMatch(/^Game started/);
  });

  it('marks the battery where the firmware refuses and warns (its own thresholds)', () => {
    const startsAt = (mv: number): { state: string; lowbat: boolean } => {
      const { device } = captioned(6, mv);
      const lines = device.send('START');
      return { state: device.state, lowbat: lines.some((line) => line.startsWith('EVT LOWBAT') || line.startsWith('ERR lowbat')) };
    };
    expect(startsAt(BATTERY_REFUSE_MV - 1)).toEqual({ state: 'ready', lowbat: true });
    expect(startsAt(BATTERY_REFUSE_MV)).toEqual({ state: 'running', lowbat: true });
    expect(startsAt(BATTERY_WARN_MV - 1)).toEqual({ state: 'running', lowbat: true });
    expect(startsAt(BATTERY_WARN_MV)).toEqual({ state: 'running', lowbat: false });
    expect([BATTERY_REFUSE_MV - 1, BATTERY_REFUSE_MV, BATTERY_WARN_MV].map(batteryLevel)).toEqual(['flat', 'low', 'good']);
  });
});
