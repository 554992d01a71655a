// @vitest-environment happy-dom
// The words the pages say in plain language: a clock from a minute on as m:ss ("Game started: 8:24
// on the clock", not "504 seconds"), a quick window first shown with no time left not announced as
// "0 seconds to answer" (lobby-notes.test.ts has the notes about saves); a shield drawn with a
// glyph every phone's font has (🛡️), not ⛨.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { secretInvasion } from '../../host/web/page/drawings/secret-invasion.ts';
import { CountdownBar } from '../../host/web/page/countdown-bar.ts';
import { reasonOf } from '../../sim/web/sound-captions.ts';

describe('the words on the pages', () => {
  it('says a clock of a minute or more that is not whole minutes as m:ss', () => {
    expect(reasonOf('EVT START ms=504000')?.text).toBe('Game started: 8:24 on the clock');
    expect(reasonOf('EVT START ms=720000')?.text).toBe('Game started: 12 minutes on the clock');
    expect(reasonOf('EVT WARN ms=90000')?.text).toBe('Warning: 1:30 left');
    expect(reasonOf('EVT WARN ms=10000')?.text).toBe('Warning: 10 seconds left');
  });

  it('announces no "0 seconds to answer" for a quick window with no time left', () => {
    const bar = new CountdownBar();
    document.body.replaceChildren(...bar.parts);
    bar.update({ window: 'w1', seconds: 5, leftMs: 0 });
    const news = bar.parts[1]?.textContent ?? '';
    expect(news).not.toMatch(/\b0 seconds/);
    expect(news).toBe('Be quick: the time to answer is up.');
    bar.update({ window: 'w2', seconds: 5, leftMs: 4200 });
    expect(bar.parts[1]?.textContent).toBe('Be quick: 5 seconds to answer.');
    bar.update(null);
  });
});

describe('the glyphs every phone draws', () => {
  it("draws Secret Invasion's protected badge, The Queen's Gambit's shield and block faces with 🛡️, not ⛨ (an empty box where a font lacks it)", () => {
    const view = {
      viewer: 'p1',
      turnPlayer: 'p2',
      stage: 'turn',
      tokensToWin: 7,
      players: [
        { id: 'p1', name: 'Ana', inRound: true, protected: true, handCount: 1, tokens: 0, discards: [] },
        { id: 'p2', name: 'Ben', inRound: true, protected: false, handCount: 1, tokens: 0, discards: [] },
      ],
    };
    const node = secretInvasion(view, { p1: 'Ana', p2: 'Ben' });
    expect(node.querySelector('.badge.protected')?.textContent).toBe('🛡️ protected');
    const root = join(import.meta.dirname, '..', '..');
    const dice = readFileSync(join(root, 'host/games/queens-gambit/data/dice.json'), 'utf8');
    const qg = readFileSync(join(root, 'host/web/page/drawings/queens-gambit.ts'), 'utf8');
    for (const source of [dice, qg, node.textContent ?? '']) expect(source).not.toContain('⛨');
    expect(dice).toContain('"symbol": "🛡️"');
  });
});
