import { describe, expect, it } from 'vitest';
import { choicesFor } from '../../host/companion/rebel-missions/choices.ts';
import { RebelMissionsSession } from '../../host/companion/rebel-missions/session.ts';
import { randomFrom, seedRng, startMatch } from '../../host/engine/index.ts';
import { rebelMissions, STANDARD_COMPONENTS, TIMER, type RebelMissionsState, type RebelMissionsView } from '../../host/games/rebel-missions/index.ts';
import { PLAIN, stripAnsi, styleFor } from '../../host/ui/terminal/style.ts';
import { boardLines, codeGlyphs, codesLine, diceLine, formatClock, placardLines, playerLines, timerLine } from '../../host/ui/terminal/rebel-missions/board.ts';
import { GLYPHS_FILE, readGlyphs } from '../../host/ui/terminal/rebel-missions/glyphs.ts';
import { choiceLabel, gameEventLine, menuLines, noticeLine, timerEventLine, updateLines } from '../../host/ui/terminal/rebel-missions/narration.ts';
import { FakeTimer } from './fake-timer.ts';
import { TWO_PLAYERS } from './table.ts';

function session(seed = 1): { s: RebelMissionsSession; timer: FakeTimer } {
  const timer = new FakeTimer();
  const s = new RebelMissionsSession({ match: startMatch(rebelMissions, TWO_PLAYERS, seed), timer, savePath: null, assist: true });
  return { s, timer };
}

/** A session in Ana's Play window, Ana holding three Tools and a Fuel, on a mission that needs Tools. */
function playWindow(): RebelMissionsSession {
  const start = startMatch(rebelMissions, TWO_PLAYERS, 1);
  const begun = rebelMissions.apply(start.state, { actor: TIMER, type: 'start', leftMs: 720_000 });
  if (!begun.ok) throw new Error(begun.reason);
  const placard = STANDARD_COMPONENTS.placards.find((p) => !p.inquisitor && (p.needs['tools'] ?? 0) >= 1);
  if (!placard) throw new Error('no mission needs Tools');
  const hand = ['tools-1', 'tools-2', 'tools-3', 'fuel-1'];
  const s0 = begun.state;
  const state: RebelMissionsState = {
    ...s0,
    stage: 'play',
    placard: placard.id,
    placardPile: [s0.placard, ...s0.placardPile.filter((id) => id !== placard.id)],
    tokenPile: s0.tokenPile.filter((t) => !hand.includes(t)),
    seats: s0.seats.map((seat, i) => (i === 0 ? { ...seat, hand } : seat)),
  };
  return new RebelMissionsSession({ match: { state, log: start.log }, timer: new FakeTimer(), savePath: null, assist: false });
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

  it("counts the codes found against the timer's need", () => {
    expect(codesLine(2, 4)).toBe('Codes  ✔ ✔ · ·  2 of 4 found');
    expect(codesLine(1, null)).toBe('Codes  1 correct code found');
  });

  it('shows codes and dice as pictures', () => {
    expect(codeGlyphs(['diamond', 'circle', 'square'])).toBe('◆ ● ■');
    expect(codeGlyphs(['star'])).toBe('★');
    expect(diceLine(['play', 'empire'])).toBe('[▶ Play] [⚙ Empire]');
    expect(diceLine(['single-token', 'double-token', 'all-play'])).toBe('[⬢ Single Token] [⬢⬢ Double Token] [▶▶ All Play]');
  });

  it('shows the face-up mission with what it needs and what is missing', () => {
    const view: RebelMissionsView = session().s.view();
    const lines = placardLines(view);
    expect(lines[0]).toContain(view.placard.name);
    for (const [kind, n] of Object.entries(view.placard.needs)) {
      expect(lines[1]).toMatch(new RegExp(`${kind[0]?.toUpperCase()}${kind.slice(1)} 0/${n} \\(missing ${n}\\)`));
    }
    const met: RebelMissionsView = { ...view, placard: { ...view.placard, missing: Object.fromEntries(Object.keys(view.placard.needs).map((k) => [k, 0])) } };
    expect(placardLines(met)[1]).not.toMatch(/missing/);
    expect(placardLines(met)[1]).toMatch(/✔/);
  });

  it('shows each player with profile, ability and tokens, and who holds the dice', () => {
    const { s, timer } = session();
    timer.emit({ name: 'START', leftMs: 720_000 });
    const lines = playerLines(s.view());
    expect(lines[0]).toMatch(/^▶ Ana +Hera Syndulla: Ace Pilot, counts as one Fuel$/);
    expect(lines[1]).toBe('    tokens: none');
    expect(lines[2]).toMatch(/^  Ben +Garazeb "Zeb" Orrelios: Honor Guard, counts as one Blaster$/);
    const view = s.view();
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
    expect(playerLines(withTokens)[1]).toBe('    tokens: Fuel ×2, Chopper');
  });

  it('shows the code to enter when a mission is complete', () => {
    const view = session().s.view();
    const asking: RebelMissionsView = { ...view, request: { kind: 'enter-code', placard: 'M01', code: '312', symbols: ['diamond', 'circle', 'square'] } };
    const lines = boardLines({ view: asking, clock: { leftMs: 100_000, totalMs: 720_000, state: 'running' }, need: 4, title: 'T' });
    expect(lines.join('\n')).toMatch(/Enter the code on the timer: {2}◆ ● ■ {2}\(diamond, circle, square\)/);
    expect(boardLines({ view, clock: { leftMs: null, totalMs: null, state: 'waiting' }, need: null, title: 'T' }).join('\n')).not.toMatch(/Enter the code/);
  });
});

describe('the menu', () => {
  it("offers starting the timer, then the turn player's legal moves, numbered", () => {
    const { s, timer } = session();
    const view = s.view();
    expect(menuLines(choicesFor(s, ['p1', 'p2']), view)).toEqual([
      '   1. Start the timer (press ▲ for us)',
      '   2. Quit (the game is saved: continue later with --resume)',
    ]);
    timer.emit({ name: 'START', leftMs: 720_000 });
    expect(menuLines(choicesFor(s, ['p1', 'p2']), s.view())).toEqual([
      '   1. Ana: roll the dice',
      '   2. Pause the timer (nothing is played while it is paused)',
      '   3. Quit (the game is saved: continue later with --resume)',
    ]);
    // Ana is a bot: nothing to choose for the people at the table but pausing and quitting.
    expect(choicesFor(s, ['p2']).map((c) => (c.kind === 'action' ? c.action : c.kind))).toEqual(['pause-timer', 'quit']);
  });

  it('offers tokens of one kind once, with the count held', () => {
    const s = playWindow();
    const lines = menuLines(choicesFor(s, ['p1', 'p2']), s.view());
    expect(lines.filter((l) => /Ana: play Tools/.test(l))).toEqual([expect.stringMatching(/^ {3}\d\. Ana: play Tools \(3 held\)$/)]);
    expect(new Set(lines.map((l) => l.replace(/^ *\d+\. /, ''))).size).toBe(lines.length);
  });

  it('says what taking a die does: Empire ends the turn', () => {
    const view = { ...session().s.view(), dice: ['empire', 'single-token'] } as RebelMissionsView;
    expect(choiceLabel({ n: 1, kind: 'move', move: { actor: 'p1', type: 'choose', die: 0 } }, view)).toBe(
      'Ana: take ⚙ Empire: nothing happens, and the turn ends',
    );
    expect(choiceLabel({ n: 2, kind: 'move', move: { actor: 'p1', type: 'choose', die: 1 } }, view)).toBe(
      'Ana: take ⬢ Single Token: draw one token, then roll again or end the turn',
    );
  });

  it('says so when an ability used toward a mission not completed lapses with the turn', () => {
    const view = session().s.view();
    expect(gameEventLine({ type: 'abilities-lapsed', placard: 'M10', abilities: [{ player: 'p1', resource: 'fuel' }] }, view)).toBe(
      "The turn is over and the mission is not complete: the abilities used (Ana's Fuel) no longer count toward it. The tokens played stay.",
    );
  });

  it('offers pausing and resuming the built-in timer', () => {
    const { s, timer } = session();
    timer.emit({ name: 'START', leftMs: 720_000 });
    expect(choicesFor(s, ['p1']).some((c) => c.kind === 'action' && c.action === 'pause-timer')).toBe(true);
    timer.emit({ name: 'PAUSE' });
    const paused = choicesFor(s, ['p1']);
    expect(paused.map((c) => (c.kind === 'action' ? c.action : c.move.type))).toEqual(['resume-timer', 'quit']);
    expect(choiceLabel(paused[0]!, s.view())).toBe('Resume the timer (press ▲ for us)');
  });

  it('never offers an illegal move (random tables played through the menu)', () => {
    for (let seed = 1; seed <= 8; seed++) {
      const { s, timer } = session(seed);
      const rng = randomFrom(seedRng(seed));
      timer.emit({ name: 'START', leftMs: 720_000 });
      for (let step = 0; step < 400 && !s.over; step++) {
        if (s.state.codeRequest) {
          timer.emit(rng.below(2) === 0 ? { name: 'BUZZ', reason: 'decoy' } : { name: 'CHIME', found: s.state.codesFound + 1 });
          continue;
        }
        const moves = choicesFor(s, ['p1', 'p2']).filter((c) => c.kind === 'move');
        expect(moves.length).toBeGreaterThan(0);
        const choice = rng.pick(moves);
        if (choice.kind !== 'move') continue;
        expect(choiceLabel(choice, s.view())).toMatch(/^(Ana|Ben): /);
        expect(s.play(choice.move)).toEqual({ ok: true });
      }
    }
  });

  it('offers entering the code for the players only on a virtual timer', () => {
    const timer = new FakeTimer();
    const real = new RebelMissionsSession({ match: startMatch(rebelMissions, TWO_PLAYERS, 1), timer, savePath: null, assist: false });
    expect(choicesFor(real, ['p1', 'p2']).map((c) => (c.kind === 'action' ? c.action : 'move'))).toEqual(['quit']);
  });
});

describe('narration', () => {
  const view = session().s.view();
  it("tells the game's events in words and pictures", () => {
    expect(gameEventLine({ type: 'dice-rolled', player: 'p1', faces: ['play', 'empire'] }, view)).toBe('Ana rolls [▶ Play] [⚙ Empire]');
    expect(
      gameEventLine({ type: 'code-requested', request: { kind: 'enter-code', placard: 'M01', code: '423', symbols: ['diamond', 'square', 'diamond'] } }, view),
    ).toBe('Enter the code on the timer: ◆ ■ ◆');
    expect(gameEventLine({ type: 'game-won', found: 4 }, view)).toMatch(/FANFARE! The Rebels win with 4 correct codes/);
    expect(gameEventLine({ type: 'turn-ended', player: 'p2', reason: 'double-empire' }, view)).toBe("Two Empire symbols: Ben's turn is over.");
    expect(gameEventLine({ type: 'time-left', leftMs: 3 }, view)).toBeNull();
  });

  it("tells the timer's events and the link's notices", () => {
    expect(timerEventLine({ name: 'KEY', button: 'star' })).toBe('timer: ★ pressed');
    expect(timerEventLine({ name: 'WARN', leftMs: 60_000 })).toBe('One minute left!');
    expect(timerEventLine({ name: 'WARN', leftMs: 10_000 })).toBe('Ten seconds left!');
    expect(timerEventLine({ name: 'LOWBAT', mv: 3450 })).toMatch(/batteries are low \(3\.45 V\)/);
    expect(timerEventLine({ name: 'TIME', leftMs: 5 })).toBeNull();
    expect(noticeLine({ kind: 'lost', reason: 'the port closed' })).toMatch(/link to the timer was lost \(the port closed\)\. The game is kept/);
    expect(noticeLine({ kind: 'retrying', attempt: 1, reason: 'x' })).toBeNull();
    expect(noticeLine({ kind: 'timer-warning', event: { name: 'OVERRUN', lost: 5 }, text: 'The timer lost 5 bytes.' })).toBe('The timer lost 5 bytes.');
    expect(updateLines({ kind: 'rejected', move: {}, reason: "it is p1's turn" }, view)).toEqual(["Not allowed: it is p1's turn"]);
    expect(updateLines({ kind: 'note', text: 'hello' }, view)).toEqual(['Note: hello']);
  });
});

describe('the glyphs file', () => {
  it('is checked when loaded, naming the file and the entry', () => {
    const good = {
      symbols: { triangle: '▲', circle: '●' },
      resources: { fuel: 'Fuel' },
      dice: Object.fromEntries(
        ['single-token', 'double-token', 'play', 'all-play', 'empire'].map((f) => [f, { glyph: 'x', name: f, taken: 'something happens' }]),
      ),
    };
    expect(readGlyphs(good, ['circle'], ['fuel']).dice.play.name).toBe('play');
    expect(() => readGlyphs({ ...good, symbols: { triangle: '▲' } }, ['circle'], ['fuel'])).toThrow(`${GLYPHS_FILE}: symbols has no glyph for "circle"`);
    expect(() => readGlyphs({ ...good, dice: { ...good.dice, empire: { glyph: '' } } }, ['circle'], ['fuel'])).toThrow(
      /dice\.empire\.glyph must be a non-empty string/,
    );
    expect(() => readGlyphs({ ...good, resources: {} }, ['circle'], ['fuel'])).toThrow(/no name for token kind "fuel"/);
    expect(() => readGlyphs({ ...good, dice: { ...good.dice, play: { glyph: 'x', name: 'Play' } } }, ['circle'], ['fuel'])).toThrow(
      /dice\.play needs a glyph, a name and what taking it does \("taken"\)/,
    );
  });
});
