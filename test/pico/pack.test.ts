// A pack of printed codes loaded onto the emulated Pico over UART0: kept in the flash sector
// across a power cycle, all or nothing, a corrupt record reported, and a game won on the buttons
// with the loaded codes.
import { beforeAll, describe, expect, it } from 'vitest';

import { Presser, bootPico, command, printedCodes, texts } from './harness/session.ts';
import { buildPicoImage, picoToolsOrSkip } from './harness/toolchain.ts';
import { packLines, packSum, type PackCode } from '../support/pack-sum.ts';
import { firmwareDevice } from '../support/firmware-device.ts';
import { code, playOnPico, playOnVirtualDevice, press, sameLine, type Step } from './scenario.ts';

const run = picoToolsOrSkip();
const STORE_OFFSET = 2 * 1024 * 1024 - 4096;
const PACK_OFFSET = 64;
const PACK: PackCode[] = [{ digits: '414', id: 'M01' }, { digits: '232', id: 'M02' }, { digits: '321' }, { digits: '143', id: 'M04' }];

describe.runIf(run)('packs on the emulated Pico', () => {
  beforeAll(() => buildPicoImage());

  it('loads a pack, keeps it across a power cycle in the flash sector, and lists it', () => {
    const first = bootPico({ seed: 2 });
    const answers = packLines(PACK).map((line) => texts(command(first, line)).at(-1));
    expect(answers).toEqual([
      'OK PACK BEGIN n=4',
      'OK PACK CODE i=1',
      'OK PACK CODE i=2',
      'OK PACK CODE i=3',
      'OK PACK CODE i=4',
      `OK PACK END n=4 sum=${packSum(PACK)}`,
    ]);
    const writes = first.rom.calls.filter((call) => call.name === 'flash_range_program');
    expect(writes).toEqual([{ name: 'flash_range_program', offset: STORE_OFFSET, count: 512 }]);

    const second = bootPico({ seed: 3, flash: first.flashSnapshot() });
    second.run(20);
    expect(texts(second.lines)).toEqual(['EVT POWER on']);
    expect(texts(command(second, 'CODES'))).toEqual(['OK CODE 1 414 id=M01', 'OK CODE 2 232 id=M02', 'OK CODE 3 321', 'OK CODE 4 143 id=M04', 'OK CODES n=4']);
    expect(texts(command(second, 'PACK'))).toEqual([`OK PACK source=loaded n=4 sum=${packSum(PACK)}`]);
  });

  it('stores nothing when a code is bad, and says why', () => {
    const pico = bootPico({ seed: 4 });
    command(pico, 'PACK BEGIN 2');
    expect(texts(command(pico, 'PACK CODE 1 344'))).toEqual(['ERR bad-value code reason=double']);
    command(pico, 'PACK CODE 2 123');
    expect(texts(command(pico, 'PACK END'))).toEqual(['ERR bad-value code i=1 reason=missing']);
    expect(pico.rom.calls.filter((call) => call.name === 'flash_range_erase')).toEqual([]);
    expect(printedCodes(pico)).toHaveLength(24);
  });

  it('reports a corrupt stored pack with EVT STORE part=pack and plays the built-in pack', () => {
    const first = bootPico({ seed: 5 });
    for (const line of packLines(PACK)) command(first, line);
    const flash = first.flashSnapshot();
    flash[STORE_OFFSET + PACK_OFFSET + 5] = (flash[STORE_OFFSET + PACK_OFFSET + 5] ?? 0) ^ 0x02;
    const second = bootPico({ seed: 6, flash });
    second.run(20);
    expect(texts(second.lines)).toEqual(['EVT POWER on', 'EVT STORE part=pack reason=corrupt']);
    expect(printedCodes(second)).toHaveLength(24);
  });

  it('is won on the buttons with the loaded codes', () => {
    const pico = bootPico({ seed: 7 });
    for (const line of packLines(PACK)) command(pico, line);
    command(pico, 'CONFIG correct=4 need=2 duration=60');
    const presser = new Presser(pico);
    presser.press('triangle');
    const outcomes = PACK.slice(0, 2).flatMap(({ digits }) =>
      texts(presser.enterCode(digits)).filter((text) => !text.startsWith('EVT KEY') && !text.startsWith('EVT TIME')),
    );
    expect(outcomes).toEqual(['EVT CHIME found=1', 'EVT FANFARE']);
    expect(texts(command(pico, 'STATUS'))).toEqual([expect.stringMatching(/^OK STATUS state=won left=\d+ found=2 need=2 entry=-$/)]);
  });

  it('answers a pack transfer, its mistakes and a game with it alike on the virtual device and the Pico', () => {
    const lines = ['PACK', 'PACK BEGIN 4', 'PACK CODE 1 414 M01', 'PACK CODE 2 1232', 'PACK END', 'PACK CODE 1 414', 'PACK FOO', 'PACK BEGIN 25'];
    const steps: Step[] = [...lines, ...packLines(PACK), 'CODES', 'CONFIG correct=2 need=2 duration=60'].map((send, i) => ({ at: 50 + i * 60, send }));
    steps.push(...press('triangle', 2_000));
    PACK.forEach(({ digits }, i) => steps.push(...code(digits, 2_600 + i * 900)));
    steps.push({ at: 7_000, send: 'STATUS' }, { at: 7_200, send: 'PACK BUILTIN' }, { at: 7_400, send: 'PACK' });
    const virtual = playOnVirtualDevice(firmwareDevice({ seed: 31 }), steps, 8_000);
    const pico = playOnPico(bootPico({ seed: 31 }), steps, 8_000);
    expect(virtual).toContain('ERR bad-value code reason=length');
    expect(virtual).toContain('ERR pack-closed');
    expect(virtual).toContain('EVT FANFARE');
    expect(pico.length).toBe(virtual.length);
    const mismatches = virtual.map((line, i) => ({ virtual: line, pico: pico[i] })).filter(({ virtual: a, pico: b }) => !sameLine(a, b ?? '', 1));
    expect(mismatches).toEqual([]);
  });
});
