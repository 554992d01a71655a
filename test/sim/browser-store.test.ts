// The browser's store (sim/web/saved-store.ts, in the page's localStorage) keeps a loaded pack and
// the settings the way the store file and the flash sector do: across a reload, which is a power-up.
import { describe, expect, it } from 'vitest';
import { savedStore, storeHex } from '../../sim/web/saved-store.ts';
import { firmwareDevice } from '../support/firmware-device.ts';
import { packLines, packSum } from '../support/pack-sum.ts';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  } as unknown as Storage;
}

describe("the browser's store", () => {
  it('keeps a loaded pack and the settings across a reload', () => {
    const storage = memoryStorage();
    const codes = [{ digits: '212', id: 'A1' }, { digits: '343' }];
    const first = firmwareDevice({ store: savedStore(storage) });
    for (const line of packLines(codes)) first.send(line);
    first.send('CONFIG volume=1');
    const reloaded = firmwareDevice({ store: savedStore(storage) });
    expect(reloaded.takeLines()).toEqual(['EVT POWER on']);
    expect(reloaded.send('PACK')).toEqual([`OK PACK source=loaded n=2 sum=${packSum(codes)}`]);
    expect(reloaded.send('CONFIG')).toEqual(['OK CONFIG duration=720 correct=12 need=4 sleep=180 volume=1']);
  });

  it('keeps the settings saved by a page from before packs (64 bytes)', () => {
    const storage = memoryStorage();
    const old = firmwareDevice({ store: savedStore(storage) });
    old.send('CONFIG duration=300');
    storage.setItem('imperial-timer.store', storeHex(old.store.bytes().subarray(0, 64)));
    const device = firmwareDevice({ store: savedStore(storage) });
    expect(device.send('CONFIG')).toEqual(['OK CONFIG duration=300 correct=12 need=4 sleep=180 volume=2']);
    expect(device.send('PACK')[0]).toMatch(/^OK PACK source=builtin n=24 /);
  });
});
