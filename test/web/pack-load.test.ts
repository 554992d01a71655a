// Loading a pack file in the browser simulation: the pure loader against the real firmware
// (the lines sent, a refusal while a game runs, the read-back, the strip's names), and the page
// in Debian's Chromium: a file chosen with the file picker loads its codes (the monitor shows the
// PACK lines, the strip the loaded codes), a bad file gets a clear message and changes nothing,
// a running game refuses, the built-in pack comes back, and a reload keeps the loaded strip.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packJson, type PackDraft } from '../../host/pack/pack-format.ts';
import { packSum } from '../../host/pack/pack-sum.ts';
import { buildWeb } from '../../sim/web/build.ts';
import { listedCodes, loadPackLines, readPackChoice, stripCodes } from '../../sim/web/pack-load.ts';
import { PRINTED_CODES } from '../../sim/web/printed-codes.ts';
import { describeInChromium } from '../support/browser.ts';
import { firmwareDevice } from '../support/firmware-device.ts';
import { testTempDir } from '../support/temp-dir.ts';
import { WAIT_MS } from './simulator-page.ts';
import { POWER_ID, simulatorSuite } from './simulator-suite.ts';

const DRAFT: PackDraft = {
  id: 'own',
  name: 'Our placards',
  coded: [
    { digits: '214', printedId: 'A1', name: 'Hold Lothal', needs: { blaster: 1 } },
    { digits: '343', printedId: null, name: 'Steal the Plans', needs: { intel: 2 } },
    { digits: '121', printedId: 'A3', name: 'Run', needs: { fuel: 1 } },
  ],
  inquisitors: [{ name: 'The Inquisitor', needs: { blaster: 2 } }],
};
const CODES = [{ digits: '214', id: 'A1' }, { digits: '343' }, { digits: '121', id: 'A3' }];
const PACK_TEXT = JSON.stringify(packJson(DRAFT));

describe("the page's pack loader (pure, with the real firmware)", () => {
  it('sends the PACK lines, reads the pack back and names the strip after the file', () => {
    const device = firmwareDevice();
    const pack = readPackChoice(PACK_TEXT, 'own.json');
    if ('error' in pack) throw new Error(pack.error);
    const sent: string[] = [];
    const outcome = loadPackLines((line) => {
      sent.push(line);
      return device.send(line);
    }, pack);
    expect(outcome).toEqual({ ok: true, message: `Loaded “Our placards”: 3 codes, sum ${packSum(CODES)} (read back with CODES and PACK).` });
    expect(sent).toEqual(['PACK BEGIN 3', 'PACK CODE 1 214 A1', 'PACK CODE 2 343', 'PACK CODE 3 121 A3', 'PACK END', 'CODES', 'PACK']);
    const listed = listedCodes(device.send('CODES'));
    expect(listed).toEqual(CODES);
    expect(stripCodes(listed, PRINTED_CODES, { sum: pack.sum, names: pack.placardNames })).toEqual([
      { id: 'A1', name: 'Hold Lothal', digits: [2, 1, 4] },
      { id: '#2', name: 'Steal the Plans', digits: [3, 4, 3] },
      { id: 'A3', name: 'Run', digits: [1, 2, 1] },
    ]);
    // Names kept for another pack are not used.
    expect(stripCodes(listed, PRINTED_CODES, { sum: '0000', names: pack.placardNames }).map((c) => c.name)).toEqual(['placard 1', 'placard 2', 'placard 3']);
    expect(stripCodes(listedCodes(firmwareDevice().send('CODES')), PRINTED_CODES, undefined)).toEqual(PRINTED_CODES);
  });

  it('stops at a refusal with what to do, and the pack in play stays', () => {
    const device = firmwareDevice();
    device.send('START');
    const pack = readPackChoice(PACK_TEXT, 'own.json');
    if ('error' in pack) throw new Error(pack.error);
    const outcome = loadPackLines((line) => device.send(line), pack);
    expect(outcome.ok).toBe(false);
    expect(outcome.message).toMatch(/^The timer refused the pack: a game is under way \(ERR state running\)\. A pack is loaded between games/);
    expect(device.send('PACK')[0]).toMatch(/^OK PACK source=builtin n=24 /);
  });

  it('refuses a file that is not a pack, naming the file and the problem', () => {
    expect(readPackChoice('not json', 'notes.txt')).toMatchObject({ error: expect.stringMatching(/^notes\.txt is not a pack file: it is not valid JSON/) });
    const doubled = JSON.stringify({ ...packJson(DRAFT), placards: [{ id: 'M01', name: 'X', code: '133', needs: { fuel: 1 } }] });
    expect(readPackChoice(doubled, 'bad.json')).toEqual({
      error:
        'bad.json: placard 1 (M01), code: "133" has the same symbol twice in a row, which the timer refuses (it makes "repeat the last button until BUZZ" work). The timer was not changed.',
    });
  });
});

/** A test's whole run may take this long on a loaded machine; each wait in it has WAIT_MS. */
const TEST_TIMEOUT_MS = 4 * WAIT_MS;

describeInChromium('loading a pack in the browser', () => {
  const suite = simulatorSuite({
    // A build of its own, so it never races the other browser test's build of build/web.
    build: async () => {
      const outDir = join(testTempDir('web-pack-'), 'web');
      await buildWeb({ outDir });
      return outDir;
    },
  });
  const { switchedOn } = suite;

  const stripCodesShown = (): Promise<string[]> =>
    suite.page.locator('[data-slot="codes"] .code').evaluateAll((buttons) => buttons.map((b) => (b as HTMLElement).dataset['code'] ?? ''));
  const status = (): Promise<string> => suite.sim.readout('pack-status');
  const choose = (name: string, text: string): Promise<void> =>
    suite.page.setInputFiles('[data-control="pack-file"]', { name, mimeType: 'application/json', buffer: Buffer.from(text) });

  it('loads a chosen pack file onto the timer and shows its codes in the strip', { timeout: TEST_TIMEOUT_MS }, async () => {
    await switchedOn(21);
    expect(await stripCodesShown()).toHaveLength(24);
    await choose('own.json', PACK_TEXT);
    await suite.sim.waitForLine('OK PACK END');
    await suite.page.waitForFunction(() => document.querySelectorAll('[data-slot="codes"] .code').length === 3);
    expect(await status()).toBe(`Loaded “Our placards”: 3 codes, sum ${packSum(CODES)} (read back with CODES and PACK).`);
    expect(await stripCodesShown()).toEqual(['214', '343', '121']);
    expect(await suite.page.locator('[data-slot="codes"] .code').first().getAttribute('title')).toBe('A1 Hold Lothal');
    const lines = await suite.sim.monitorLines();
    expect(lines).toContain('OK PACK BEGIN n=3');
    expect(lines).toContain(`OK PACK END n=3 sum=${packSum(CODES)}`);
    expect(lines).toContain('OK CODE 1 214 id=A1');
    // A reload keeps the loaded codes (the store is the page's), and their names.
    await suite.page.reload();
    await suite.page.waitForSelector('body[data-ready="true"]');
    expect(await stripCodesShown()).toEqual(['214', '343', '121']);
    expect(await suite.page.locator('[data-slot="codes"] .code').nth(2).getAttribute('title')).toBe('A3 Run');
    // The built-in pack again.
    await suite.sim.pauseTime();
    if ((await suite.sim.readout('state')) === 'off') await suite.page.click(POWER_ID);
    await suite.sim.waitForState('ready');
    await suite.page.click('[data-control="pack-builtin"]');
    await suite.sim.waitForLine('OK PACK BUILTIN');
    await suite.page.waitForFunction(() => document.querySelectorAll('[data-slot="codes"] .code').length === 24);
    expect(await status()).toBe('The built-in pack is in play again.');
    expect(suite.pageErrors).toEqual([]);
  });

  it('says what is wrong with a bad file, and a running game refuses a pack', { timeout: TEST_TIMEOUT_MS }, async () => {
    await switchedOn(22);
    await choose('notes.json', '{ "format": "imperial-timer-pack/1", ');
    await suite.page.waitForFunction(() => document.querySelector('[data-out="pack-status"]')?.getAttribute('data-outcome') === 'problem');
    expect(await status()).toMatch(/^notes\.json is not a pack file: it is not valid JSON/);
    expect(await suite.sim.count('OK PACK')).toBe(0);
    expect(await stripCodesShown()).toHaveLength(24);

    await suite.sim.send('START');
    await suite.sim.waitForState('running');
    await choose('own.json', PACK_TEXT);
    await suite.sim.waitForLine('ERR state running');
    await suite.page.waitForFunction(() => document.querySelector('[data-out="pack-status"]')?.textContent?.startsWith('The timer refused') === true);
    expect(await status()).toMatch(/a game is under way \(ERR state running\)\. A pack is loaded between games/);
    expect(await stripCodesShown()).toHaveLength(24);
    expect(suite.pageErrors).toEqual([]);
  });

  it('says a pack transfer is open when the built-in pack is asked for during one', { timeout: TEST_TIMEOUT_MS }, async () => {
    await switchedOn(23);
    await suite.sim.send('PACK BEGIN 2');
    await suite.sim.waitForLine('OK PACK BEGIN n=2');
    await suite.page.click('[data-control="pack-builtin"]');
    await suite.sim.waitForLine('ERR state receiving');
    expect(await status()).toBe('The timer refused (ERR state receiving): a pack transfer is open; send PACK END or PACK CANCEL first.');
    expect(suite.pageErrors).toEqual([]);
  });
});
