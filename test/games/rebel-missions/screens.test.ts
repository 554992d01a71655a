// Rebel Missions in words on the table front ends (host/games/rebel-missions/screens.ts, the
// glyphs file): the clock, the timer bar, colours only when asked, codes and dice as pictures, the
// mission with what it needs, the players, the code to enter, the menu labels and the events told.
// (Moved from the old companion's test/companion/render.test.ts onto the table's words.)
import { describe, expect, it } from 'vitest';
import { DataError } from '../../../host/engine/data.ts';
import { catalogOf } from '../../../host/games/rebel-missions/catalog.ts';
import { STANDARD_COMPONENTS } from '../../../host/games/rebel-missions/load.ts';
import { GLYPHS_FILE, readGlyphs } from '../../../host/games/rebel-missions/glyphs.ts';
import type { RebelMissionsView } from '../../../host/games/rebel-missions/model.ts';
import { DIE_FACES } from '../../../host/games/rebel-missions/schema.ts';
import {
  boardLines,
  codeGlyphs,
  diceLine,
  eventLines,
  formatClock,
  moveLabel,
  placardLines,
  playerLines,
  timerLine,
} from '../../../host/games/rebel-missions/screens.ts';
import { rebelMissionsEntry as entry } from '../../../host/games/rebel-missions/table-entry.ts';
import { resolveOptions } from '../../../host/engine/meta.ts';
import { TABLE } from '../../../host/table/entry.ts';
import { PLAIN, stripAnsi, styleFor } from '../../../host/ui/terminal/style.ts';
import { faceUp, setUpDone } from './fixtures.ts';

const names = { p1: 'Ana', p2: 'Ben' };
const game = entry.game;
const catalog = catalogOf(STANDARD_COMPONENTS);
type State = ReturnType<typeof game.setup>['state'];

function started(seed = 1): State {
  const state = setUpDone(
    game,
    game.setup(entry.configFor(['Ana', 'Ben'], resolveOptions(game.meta, { 'profile-1': 'hera', 'profile-2': 'zeb' })), seed).state,
  );
  const begun = game.apply(state, { actor: 'timer', type: 'start', leftMs: 720_000 });
  if (!begun.ok) throw new Error(begun.reason);
  return begun.state;
}

/** Ana's Play window, Ana holding three Tools and a Fuel, on a mission that needs Tools. */
function playWindow(): State {
  const s0 = started();
  const placard = STANDARD_COMPONENTS.placards.find((p) => !p.inquisitor && (p.needs['tools'] ?? 0) >= 1);
  if (!placard) throw new Error('no mission needs Tools');
  const hand = ['tools-1', 'tools-2', 'tools-3', 'fuel-1'];
  return {
    ...s0,
    stage: 'play',
    placard: placard.id,
    placardPile: [s0.placard, ...s0.placardPile.filter((id) => id !== placard.id)],
    tokenPile: s0.tokenPile.filter((t) => !hand.includes(t)),
    seats: s0.seats.map((seat, i) => (i === 0 ? { ...seat, hand } : seat)),
  };
}

describe('the board', () => {
  it('writes the clock as mm:ss, rounding up like a countdown', () => {
    expect(formatClock(720_000)).toBe('12:00');
    expect(formatClock(59_001)).toBe('01:00');
    expect(formatClock(1)).toBe('00:01');
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(-5)).toBe('00:00');
  });

  it('draws the timer as a progress bar', () => {
    expect(timerLine({ leftMs: null, totalMs: null, state: 'waiting' })).toMatch(/--:--  press ▲ on the timer to start/);
    const half = timerLine({ leftMs: 360_000, totalMs: 720_000, state: 'running' });
    expect(half).toBe(`Timer  ${'█'.repeat(12)}${'░'.repeat(12)}  06:00`);
    expect(timerLine({ leftMs: 720_000, totalMs: 720_000, state: 'paused' })).toBe(`Timer  ${'█'.repeat(24)}  12:00  paused: press ▲ on the timer to resume`);
    expect(timerLine({ leftMs: 0, totalMs: 720_000, state: 'stopped' })).toBe(`Timer  ${'░'.repeat(24)}  00:00  stopped`);
    // A countdown lost mid-game: the table is told what to do.
    expect(timerLine({ leftMs: 360_000, totalMs: 720_000, state: 'stopped' })).toBe(
      `Timer  ${'█'.repeat(12)}${'░'.repeat(12)}  06:00  stopped: press ▲ on the timer to carry on`,
    );
    expect(timerLine({ leftMs: 360_000, totalMs: 720_000, state: 'stopped' }, PLAIN, true)).toBe(`Timer  ${'█'.repeat(12)}${'░'.repeat(12)}  06:00  stopped`);
  });

  it('uses ANSI colours only when asked to', () => {
    const clock = { leftMs: 30_000, totalMs: 720_000, state: 'running' } as const;
    expect(timerLine(clock, PLAIN)).not.toMatch(/\x1b/);
    const coloured = timerLine(clock, styleFor(true));
    expect(coloured).toMatch(/\x1b\[31m/); // red in the last minute
    expect(stripAnsi(coloured)).toBe(timerLine(clock, PLAIN));
  });

  it('counts the codes found', () => {
    const view = game.view(started(), 'p1');
    expect(boardLines({ ...view, codesFound: 2 }, names)[1]).toBe('Codes  2 correct codes found');
    expect(boardLines({ ...view, codesFound: 1 }, names)[1]).toBe('Codes  1 correct code found');
  });

  it('shows codes and dice as pictures', () => {
    expect(codeGlyphs(['diamond', 'circle', 'square'])).toBe('◆ ● ■');
    expect(codeGlyphs(['star'])).toBe('★');
    expect(diceLine(['play', 'empire'])).toBe('[▶ Play] [⚙ Empire]');
    expect(diceLine(['single-token', 'double-token', 'all-play'])).toBe('[⬢ Single Token] [⬢⬢ Double Token] [▶▶ All Play]');
  });

  it('shows the face-up mission with what it needs and what is missing', () => {
    const view: RebelMissionsView = game.view(started(), 'p1');
    const placard = faceUp(view);
    const lines = placardLines(view, names);
    expect(lines[0]).toContain(placard.name);
    for (const [kind, n] of Object.entries(placard.needs)) {
      expect(lines[1]).toMatch(new RegExp(`${kind[0]?.toUpperCase()}${kind.slice(1)} 0/${n} \\(missing ${n}\\)`));
    }
    const met: RebelMissionsView = { ...view, placard: { ...placard, missing: Object.fromEntries(Object.keys(placard.needs).map((k) => [k, 0])) } };
    expect(placardLines(met, names)[1]).not.toMatch(/missing/);
    expect(placardLines(met, names)[1]).toMatch(/✔/);
  });

  it('shows each player with profile, ability and tokens, and who holds the dice', () => {
    const view = game.view(started(), TABLE);
    const lines = playerLines(view, names);
    expect(lines[0]).toMatch(/^▶ Ana +Hera Syndulla: Ace Pilot, counts as one Fuel$/);
    expect(lines[1]).toBe('    Tokens: none');
    expect(lines[2]).toMatch(/^  Ben +Garazeb "Zeb" Orrelios: Honor Guard, counts as one Blaster$/);
    const withTokens: RebelMissionsView = {
      ...view,
      players: view.players.map((p, i) =>
        i === 0
          ? {
              ...p,
              hand: [
                { id: 'fuel-1', kind: 'fuel' },
                { id: 'fuel-2', kind: 'fuel' },
                { id: 'chopper-1', kind: 'chopper' },
              ],
            }
          : p,
      ),
    };
    expect(playerLines(withTokens, names)[1]).toBe('    Tokens: Fuel ×2, Chopper');
  });

  it('shows the code to enter when a mission is complete', () => {
    const view = game.view(started(), TABLE);
    const asking: RebelMissionsView = { ...view, request: { kind: 'enter-code', placard: 'M01', code: '312', symbols: ['diamond', 'circle', 'square'] } };
    expect(boardLines(asking, names).join('\n')).toMatch(/Enter the code on the timer: {2}◆ ● ■ {2}\(diamond, circle, square\)/);
    expect(boardLines(view, names).join('\n')).not.toMatch(/Enter the code/);
  });
});

describe('the menu labels', () => {
  it('offers tokens of one kind once, with the count held', () => {
    const state = playWindow();
    const view = game.view(state, 'p1');
    const labels = game.legalMoves(state, 'p1').map((m) => moveLabel(m, view).label);
    expect(labels.filter((l) => /^Play Tools/.test(l))).toEqual(['Play Tools (3 held)']);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('says what taking a die does: Empire ends the turn', () => {
    const view = { ...game.view(started(), 'p1'), dice: ['empire', 'single-token'] } as RebelMissionsView;
    expect(moveLabel({ actor: 'p1', type: 'choose', die: 0 }, view)).toEqual({ label: 'Take ⚙ Empire', hint: 'nothing happens, and the turn ends' });
    expect(moveLabel({ actor: 'p1', type: 'choose', die: 1 }, view)).toEqual({
      label: 'Take ⬢ Single Token',
      hint: 'draw one token, then roll again or end the turn',
    });
  });
});

describe('the events told', () => {
  const told = (event: Parameters<typeof eventLines>[1], viewer = TABLE as string) => eventLines(catalog, event, viewer, names);

  it("tells the game's events in words and pictures", () => {
    expect(told({ type: 'dice-rolled', player: 'p1', faces: ['play', 'empire'] })).toEqual(['Ana rolls [▶ Play] [⚙ Empire]']);
    expect(told({ type: 'code-requested', request: { kind: 'enter-code', placard: 'M01', code: '423', symbols: ['diamond', 'square', 'diamond'] } })).toEqual([
      'Enter the code on the timer: ◆ ■ ◆  (diamond, square, diamond)',
    ]);
    expect(told({ type: 'game-won', found: 4 })[0]).toMatch(/FANFARE! The Rebels win with 4 correct codes/);
    expect(told({ type: 'turn-ended', player: 'p2', reason: 'double-empire' })).toEqual(["Two Empire symbols: Ben's turn is over."]);
    expect(told({ type: 'time-left', leftMs: 3 })).toEqual([]);
    expect(told({ type: 'set-up-shuffled', pile: 'tokens', count: 44 })).toEqual(['The 44 resource tokens are mixed face down.']);
    expect(told({ type: 'set-up-shuffled', pile: 'placards', count: 28 })).toEqual([
      'The 28 mission placards are shuffled face down; the top one is turned over.',
    ]);
  });

  it('before the set-up has shuffled the placards the board shows no mission, and every placard face down', () => {
    const state = game.setup(entry.configFor(['Ana', 'Ben'], resolveOptions(game.meta, {})), 3).state;
    const lines = entry.renderer.viewLines(game.view(state, TABLE), names);
    expect(lines.find((l) => l.startsWith('Mission '))).toBe('Mission  none yet: the placards are being shuffled');
    expect(lines.at(-1)).toBe('Piles  44 tokens face down, 28 missions face down');
    // One of a kind is said so: "1 mission", not "1 missions".
    const last = entry.renderer.viewLines({ ...game.view(state, TABLE), tokenPileCount: 1, placardPileCount: 1, codesFound: 1 }, names);
    expect(last.at(-1)).toBe('Piles  1 token face down, 1 mission face down');
    expect(last).toContain('Codes  1 correct code found');
  });

  it('says so when an ability used toward a mission not completed lapses with the turn', () => {
    expect(told({ type: 'abilities-lapsed', placard: 'M10', abilities: [{ player: 'p1', resource: 'fuel' }] })).toEqual([
      "The turn is over and the mission is not complete: the abilities used (Ana's Fuel) no longer count toward it. The tokens played stay.",
    ]);
  });
});

describe('the glyphs file', () => {
  it('is checked when loaded, naming the file, the entry and the problem', () => {
    const good = {
      format: 'imperial-timer-glyphs/1',
      description: 'a small glyphs file',
      symbols: { triangle: '▲', circle: '●' },
      resources: { fuel: 'Fuel' },
      dice: Object.fromEntries(DIE_FACES.map((f) => [f, { glyph: 'x', name: f, taken: 'something happens' }])),
    };
    const problem = (data: unknown): DataError => {
      try {
        readGlyphs(data, ['circle'], ['fuel']);
      } catch (error) {
        if (error instanceof DataError) return error;
        throw error;
      }
      throw new Error('expected the glyphs to be refused');
    };
    expect(readGlyphs(good, ['circle'], ['fuel']).dice.play.name).toBe('play');
    expect(problem({ ...good, symbols: { triangle: '▲' } }).message).toBe(`${GLYPHS_FILE}: symbols: no glyph for the symbol "circle"`);
    expect(problem({ ...good, dice: { ...good.dice, empire: { glyph: '', name: 'Empire', taken: 'nothing' } } }).message).toBe(
      `${GLYPHS_FILE}: dice.empire.glyph: must not be empty`,
    );
    expect(problem({ ...good, dice: { ...good.dice, empire: { glyph: '123456789', name: 'Empire', taken: 'nothing' } } }).message).toMatch(
      /dice\.empire\.glyph: must be at most 8 characters/,
    );
    expect(problem({ ...good, resources: {} }).message).toBe(`${GLYPHS_FILE}: resources: no name for the token kind "fuel"`);
    expect(problem({ ...good, dice: { ...good.dice, play: { glyph: 'x', name: 'Play' } } }).message).toBe(`${GLYPHS_FILE}: dice.play.taken: missing`);
    const { empire: _left, ...fourFaces } = good.dice;
    expect(problem({ ...good, dice: fourFaces }).message).toBe(`${GLYPHS_FILE}: dice.empire: missing`);
    expect(problem({ ...good, dice: { ...good.dice, blank: good.dice.play } }).message).toBe(`${GLYPHS_FILE}: dice: unknown field "blank"`);
  });
});
