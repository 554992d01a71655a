// @vitest-environment happy-dom
// Rebel Missions' drawing from real views of the engine: the stage, the found lights, the placard
// with its code as the timer's symbols (glyph and name) and what it still needs, the code to enter,
// the dice faces with what taking them does, the piles, and each player's profile, ability and
// tokens. Every symbol has its name beside it (never colour alone).

import { describe, expect, it } from 'vitest';
import type { RebelTableMove as RebelMissionsMove, RebelTableState as RebelMissionsState } from '../../host/games/rebel-missions/index.ts';
import { FOUND_LIGHTS, rebelMissions as draw } from '../../host/web/page/drawings/rebel-missions.ts';
import { DRAWINGS } from '../../host/web/page/drawings/index.ts';
import { faceUp, game, setUpDone } from '../games/rebel-missions/fixtures.ts';
import { openChance } from '../../host/engine/table-game.ts';
import { DIE_FACES } from '../../host/games/rebel-missions/schema.ts';
import { GLYPHS } from '../../host/games/rebel-missions/glyphs.ts';
import { diceEntry } from '../../host/web/page/dice-entry.ts';
import { rebelMissionsTable } from '../../host/games/rebel-missions/table-game.ts';

const NAMES = { p1: 'Ana', p2: 'Ben', p3: 'Cy' };
const CONFIG = {
  players: [
    { name: 'Ana', profile: 'hera' },
    { name: 'Ben', profile: 'zeb' },
    { name: 'Cy', profile: 'kanan' },
  ],
};

function apply(state: RebelMissionsState, move: RebelMissionsMove): RebelMissionsState {
  const step = game.apply(state, move);
  if (!step.ok) throw new Error(step.reason);
  return step.state;
}

function drawn(state: RebelMissionsState, viewer: string): HTMLElement {
  const node = draw(game.view(state, viewer) as unknown as Readonly<Record<string, unknown>>, NAMES);
  document.body.replaceChildren(node);
  return node;
}

/** Plays moves (the first legal one of the turn player, preferring `prefer`) until `until` holds. */
function playUntil(state: RebelMissionsState, until: (s: RebelMissionsState) => boolean, prefer: RebelMissionsMove['type'][] = []): RebelMissionsState {
  let s = state;
  for (let i = 0; i < 2000 && !until(s); i++) {
    const movers = game.toMove(s).filter((a) => a !== 'timer');
    const actor = movers[0] ?? 'timer';
    const legal = game.legalMoves(s, actor);
    const move = prefer.map((t) => legal.find((m) => m.type === t)).find((m) => m !== undefined) ?? legal[0];
    if (move === undefined) throw new Error(`no move for ${actor} in ${s.stage}`);
    s = apply(s, move);
  }
  if (!until(s)) throw new Error('never reached');
  return s;
}

describe("Rebel Missions' drawing", () => {
  it('is registered for the game', () => {
    expect(DRAWINGS['rebel-missions']).toBe(draw);
  });

  it('before the start: waiting for the triangle, the placard, the dark found lights, the players with profiles and abilities', () => {
    const s = game.setup(CONFIG, 7);
    const node = drawn(s, 'table');
    const text = node.textContent ?? '';
    expect(text).toContain('Waiting for the timer: press ▲ triangle on the timer to start.');
    expect(text).toContain(`Codes found: 0 of ${FOUND_LIGHTS}`);
    expect(node.querySelectorAll('.light.lit')).toHaveLength(0);
    const view = game.view(s, 'table');
    expect(text).toContain(faceUp(view).name);
    for (const p of ['Hera Syndulla', 'Ace Pilot', 'Honor Guard', 'Kanan Jarrus', 'Force Insight']) expect(text).toContain(p);
    expect(node.querySelectorAll('.player')).toHaveLength(3);
    expect(text).not.toContain('(you)');
    // Needs in words: every needed resource said with how many are missing.
    for (const [kind, n] of Object.entries(faceUp(view).needs)) expect(text.toLowerCase()).toContain(`${kind}: 0 of ${n}, ${n} missing`);
  });

  it('before the set-up of the table game has turned a placard over: no mission, said in words', () => {
    const s = rebelMissionsTable.setup(CONFIG, 7).state;
    const node = draw(rebelMissionsTable.view(s, 'table') as unknown as Readonly<Record<string, unknown>>, NAMES);
    document.body.replaceChildren(node);
    expect(node.querySelector('[aria-label="the face-up mission"]')?.textContent).toBe('Setting up: the missions are being shuffled.');
    expect(node.textContent).toContain('28 missions face down');
  });

  it("the table's own dice (table-dice mode): each face of the Rebel die with its picture and name, from the glyphs data", () => {
    const s = setUpDone(rebelMissionsTable, rebelMissionsTable.setup(CONFIG, 7).state);
    const started = rebelMissionsTable.apply(s, { actor: 'timer', type: 'start', leftMs: 600_000 });
    if (!started.ok) throw new Error(started.reason);
    const rolling = rebelMissionsTable.apply(started.state, { actor: 'p1', type: 'roll' });
    if (!rolling.ok) throw new Error(rolling.reason);
    const spec = openChance(rebelMissionsTable, rolling.state);
    if (spec === null) throw new Error('no roll open');
    const sent: unknown[] = [];
    const form = diceEntry(JSON.parse(JSON.stringify(spec)) as Readonly<Record<string, unknown>>, (o) => sent.push(o), 'rm');
    document.body.replaceChildren(form);
    const options = [...form.querySelectorAll('#rm-die-0 option')].map((o) => o.textContent);
    expect(options).toEqual(['— the face rolled —', ...DIE_FACES.map((f) => `${GLYPHS.dice[f].glyph} ${GLYPHS.dice[f].name}`)]);
    expect(form.querySelector('.die-faces')?.textContent).toBe(
      ' Its faces: ⬢ Single Token (2 of 6), ⬢⬢ Double Token (1 of 6), ▶ Play (1 of 6), ▶▶ All Play (1 of 6), ⚙ Empire (1 of 6).',
    );
    expect(form.querySelectorAll('select.die-face')).toHaveLength(2);
  });

  it('the code is drawn as the timer symbols, each glyph with its name, and the seat is "you"', () => {
    let s = game.setup(CONFIG, 11);
    s = playUntil(s, (x) => !faceUp(game.view(x, 'p2')).inquisitor && x.stage !== 'awaiting-start', ['start', 'roll']);
    const view = game.view(s, 'p2');
    const node = drawn(s, 'p2');
    const chips = [...node.querySelectorAll('.placard-code .symbol')].map((c) => c.textContent);
    const glyph: Record<string, string> = { circle: '●', square: '■', diamond: '◆', star: '★' };
    expect(chips).toEqual(faceUp(view).codeSymbols.map((name) => `${glyph[name]} ${name}`));
    expect(node.querySelector('.placard-code .code')?.getAttribute('aria-label')).toBe(`the code: ${faceUp(view).codeSymbols.join(', ')}`);
    expect(node.querySelector('[aria-label="Ben (you)"]')).not.toBeNull();
  });

  it('the dice faces with their names and what taking them does; the turn player holds the dice', () => {
    let s = game.setup(CONFIG, 3);
    s = apply(s, { actor: 'timer', type: 'start', leftMs: 600_000 });
    s = apply(s, { actor: 'p1', type: 'roll' });
    const node = drawn(s, 'table');
    const faces = [...node.querySelectorAll('.die')];
    expect(faces).toHaveLength(2);
    const names: Record<string, string> = {
      'single-token': 'Single Token',
      'double-token': 'Double Token',
      play: 'Play',
      'all-play': 'All Play',
      empire: 'Empire',
    };
    faces.forEach((f, i) => {
      expect(f.querySelector('.die-name')?.textContent).toBe(names[s.dice?.[i] ?? '']);
      expect(f.querySelector('.die-taken')?.textContent).not.toBe('');
    });
    expect(node.textContent).toContain('Turn 1: Ana chooses a die.');
    expect(node.querySelector('.player.turn')?.getAttribute('aria-label')).toBe('Ana');
    expect(node.querySelector('.player.turn')?.textContent).toContain('▶ holds the dice');
  });

  it('a completed mission asks for its code in symbols; a chime lights a found light', () => {
    let s = game.setup(CONFIG, 5);
    s = playUntil(s, (x) => x.stage === 'enter-code', ['start', 'play-token', 'use-ability', 'finish', 'choose', 'roll']);
    let node = drawn(s, 'table');
    const request = s.codeRequest;
    expect(request).not.toBeNull();
    expect(node.querySelector('.code-request')?.textContent).toContain('Enter the code on the timer:');
    expect([...node.querySelectorAll('.code-request .symbol')].map((c) => c.textContent?.split(' ')[1])).toEqual(request?.symbols);
    expect(node.textContent).toContain('the mission is complete; enter its code on the timer.');
    s = apply(s, { actor: 'timer', type: 'chime', found: 1 });
    node = drawn(s, 'table');
    expect(node.querySelector('.code-request')).toBeNull();
    expect(node.querySelectorAll('.light.lit')).toHaveLength(1);
    expect(node.textContent).toContain('Codes found: 1 of 4');
  });

  it('won and lost are said in words', () => {
    let s = game.setup(CONFIG, 5);
    s = apply(s, { actor: 'timer', type: 'start', leftMs: 600_000 });
    const lost = apply(s, { actor: 'timer', type: 'timeout' });
    expect(drawn(lost, 'table').textContent).toContain('Lost: time ran out. The Empire wins.');
  });
});
