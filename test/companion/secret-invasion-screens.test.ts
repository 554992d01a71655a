// The pass-and-play screens show a player only what they may know: every screen of many bot
// games (2 to 4 players, random and tracking bots) is rendered with a deck whose every card has
// a name of its own, and no card another player holds (or the deck, or the set-aside card)
// appears unless the rules showed it to the viewer. The menus offer exactly the legal moves.
import { describe, expect, it } from 'vitest';
import { randomBot, randomFrom, seedRng } from '../../host/engine/index.ts';
import { flatChoices, knockOutWarning, menuStep } from '../../host/companion/secret-invasion/choices.ts';
import { eventsSinceLastMove } from '../../host/companion/secret-invasion/history.ts';
import { SecretInvasionSession, type SessionUpdate } from '../../host/companion/secret-invasion/session.ts';
import type { PlayerId, SecretInvasionEvent, SecretInvasionMove, SecretInvasionState } from '../../host/games/secret-invasion/model.ts';
import { trackingBot } from '../../host/games/secret-invasion/tracking-bot.ts';
import { PLAIN } from '../../host/ui/terminal/style.ts';
import {
  cardGuideLines,
  finalLines,
  namesFor,
  narration,
  passScreen,
  seatScreen,
  TABLE_VIEWER,
  timerLines,
} from '../../host/ui/terminal/secret-invasion/screens.ts';
import { newMatch, UNIQUE_DECK } from './secret-invasion-support.ts';

const ALL_NAMES = UNIQUE_DECK.cards.map((c) => UNIQUE_DECK.character(c.character).name);

/** The events of the current round only (after its round-started), where the hidden cards of now apply. */
function currentRound(events: readonly SecretInvasionEvent[]): SecretInvasionEvent[] {
  const start = events.map((e) => e.type).lastIndexOf('round-started');
  return events.slice(start + 1);
}

/** Names of the cards `viewer` may not know in `state`: other hands (unless shown), the deck, the set-aside card. */
function hiddenNames(session: SecretInvasionSession, state: SecretInvasionState, viewer: PlayerId): string[] {
  const known = new Set(session.game.view(state, viewer).known.map((k) => k.card.id));
  const hidden = [
    ...state.seats.filter((s) => s.id !== viewer).flatMap((s) => s.hand.filter((c) => !known.has(c))),
    ...state.deck,
    ...(state.setAside === null ? [] : [state.setAside]),
  ];
  return hidden.map((id) => session.card(id).name);
}

/** The cards the rulebook shows `viewer` in these (unfiltered) events: their own draws, Han's look, a droid comparison or a swap they take part in, the hands revealed at the end of a round. */
function shownBy(events: readonly SecretInvasionEvent[], viewer: PlayerId): Set<string> {
  const shown = new Set<string>();
  for (const e of events) {
    if ((e.type === 'card-drawn' || e.type === 'card-dealt') && e.player === viewer) shown.add(e.card ?? '');
    if (e.type === 'han-looked' && e.player === viewer) shown.add(e.card ?? '');
    if ((e.type === 'droids-compared' || e.type === 'hands-swapped') && (e.player === viewer || e.target === viewer)) {
      shown.add(e.playerCard ?? '');
      shown.add(e.targetCard ?? '');
    }
    if (e.type === 'round-ended') for (const r of e.result.revealed) shown.add(r.card);
  }
  return shown;
}

/** The cards' summaries: the same words for every copy (they name other characters as rules, never a hand). */
const SUMMARIES = UNIQUE_DECK.characters.map((c) => c.summary).sort((a, b) => b.length - a.length);

function expectNoLeak(shown: string, hidden: readonly string[], where: string): void {
  const text = SUMMARIES.reduce((t, summary) => t.split(summary).join('(summary)'), shown);
  // Longest names first, so "Stormtrooper A" is not mistaken inside another name.
  for (const name of hidden) {
    const pattern = new RegExp(`${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z])`);
    if (pattern.test(text)) throw new Error(`${where}: shows the hidden card ${name}\n${text}`);
  }
}

function playAndCheck(seed: number, players: number): { screens: number; winner: string | null } {
  const session = new SecretInvasionSession({ match: newMatch(players, seed, UNIQUE_DECK), timer: null, savePath: null, turnSeconds: null, deck: UNIQUE_DECK });
  const rng = randomFrom(seedRng(seed));
  const bot = seed % 2 === 0 ? randomBot<never, SecretInvasionMove>() : trackingBot(UNIQUE_DECK);
  let screens = 0;
  const card = (id: string) => session.card(id);
  for (let step = 0; step < 5000 && !session.over; step++) {
    const actor = session.playerToMove();
    if (actor === null) break;
    const view = session.view(actor);
    const hidden = hiddenNames(session, session.state, actor);

    const pass = passScreen(view.players.find((p) => p.id === actor)?.name ?? actor, PLAIN).join('\n');
    for (const name of ALL_NAMES) expect(pass).not.toContain(name);

    const recent = eventsSinceLastMove(session.game, session.match, actor);
    const screen = seatScreen({ view, recent: currentRound(recent), card, clock: session.clock, title: session.game.title }, PLAIN).join('\n');
    expectNoLeak(screen, hidden, `seed ${seed}, ${actor}'s screen at move ${step}`);
    screens++;

    const legal = session.legalMoves(actor);
    const move = bot(view as never, legal, rng);
    const updates: SessionUpdate[] = [];
    const off = session.onUpdate((u) => updates.push(u));
    expect(session.play(move)).toEqual({ ok: true });
    off();
    const moved = updates.find((u) => u.kind === 'moved');
    if (moved?.kind !== 'moved') throw new Error('no moved update');
    // The mover's result screen (what Han showed them, a comparison) and the table's narration.
    for (const viewer of [actor, TABLE_VIEWER]) {
      const after = session.view(viewer);
      const told = narration(currentRound(session.eventsFor(moved.events, viewer)), namesFor(after), card, PLAIN).join('\n');
      const shown = shownBy(currentRound(moved.events), viewer);
      const hiddenNow = hiddenNames(session, session.state, viewer).filter((name) => ![...shown].some((id) => id !== '' && session.card(id).name === name));
      expectNoLeak(told, hiddenNow, `seed ${seed}, ${viewer}'s narration of move ${step}`);
    }
  }
  const final = finalLines(session.view(TABLE_VIEWER), PLAIN).join('\n');
  expect(final).toMatch(/wins Star Wars: Secret Invasion/);
  return { screens, winner: session.state.winner };
}

describe('Secret Invasion pass-and-play screens', () => {
  it('never show a card the viewer may not know, over many bot games of 2, 3 and 4 players', () => {
    let screens = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const result = playAndCheck(seed, 2 + (seed % 3));
      expect(result.winner).not.toBeNull();
      screens += result.screens;
    }
    expect(screens).toBeGreaterThan(1500);
  });

  it('would catch a leak: the check fails when another hand is rendered', () => {
    const session = new SecretInvasionSession({ match: newMatch(3, 4, UNIQUE_DECK), timer: null, savePath: null, turnSeconds: null, deck: UNIQUE_DECK });
    const other = session.state.seats[1]?.hand[0];
    if (other === undefined) throw new Error('no card dealt');
    const hidden = hiddenNames(session, session.state, 'p1');
    expect(() => expectNoLeak(`Ben holds ${session.card(other).name}`, hidden, 'test')).toThrow(/hidden card/);
  });

  it('shows the player their hand, what Han showed them, and the table', () => {
    // Play until a Han Solo look happens, then render the looker's screen.
    for (let seed = 1; seed < 200; seed++) {
      const session = new SecretInvasionSession({ match: newMatch(3, seed), timer: null, savePath: null, turnSeconds: null });
      const rng = randomFrom(seedRng(seed));
      for (let i = 0; i < 40 && !session.over; i++) {
        const actor = session.playerToMove() as PlayerId;
        const legal = session.legalMoves(actor);
        const look = legal.find((m) => m.type === 'discard' && m.character === 'han-solo' && m.target !== null);
        const move = look ?? rng.pick(legal);
        session.play(move);
        const view = session.view(actor);
        if (look && look.type === 'discard' && look.target !== null && view.known.some((k) => k.player === look.target)) {
          const target = view.players.find((p) => p.id === look.target);
          const seen = view.known.find((k) => k.player === look.target)?.card;
          const lines = seatScreen(
            { view, recent: eventsSinceLastMove(session.game, session.match, actor), card: (id) => session.card(id), clock: session.clock, title: 'T' },
            PLAIN,
          ).join('\n');
          expect(lines).toContain(`${target?.name} holds ${seen?.name} (${seen?.value}) (you looked with Han Solo)`);
          expect(lines).toContain(`Your hand: [${view.hand[0]?.name}`);
          expect(lines).toMatch(/discards: /);
          return;
        }
      }
    }
    throw new Error('no Han Solo look found');
  });
});

describe('Secret Invasion menus', () => {
  it('reach every legal move and nothing else, and label each move differently', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const session = new SecretInvasionSession({ match: newMatch(2 + (seed % 3), seed), timer: null, savePath: null, turnSeconds: null });
      const rng = randomFrom(seedRng(seed));
      for (let i = 0; i < 300 && !session.over; i++) {
        const actor = session.playerToMove() as PlayerId;
        const legal = session.legalMoves(actor);
        const view = session.view(actor);
        const reached: SecretInvasionMove[] = [];
        const walk = (picked: string[]): void => {
          const step = menuStep(legal, view, session.deck, picked);
          if (step.kind === 'move') reached.push(step.move);
          else for (const o of step.options) walk([...step.picked, o.key]);
        };
        walk([]);
        expect(new Set(reached.map((m) => JSON.stringify(m)))).toEqual(new Set(legal.map((m) => JSON.stringify(m))));
        // Each step's numbers are distinct, and a value is typed as itself.
        const check = (picked: string[]): void => {
          const step = menuStep(legal, view, session.deck, picked);
          if (step.kind === 'move') return;
          expect(new Set(step.options.map((o) => o.n)).size).toBe(step.options.length);
          for (const o of step.options) {
            if (o.key.startsWith('guess:')) expect(o.n).toBe(Number(o.key.slice('guess:'.length)));
            check([...step.picked, o.key]);
          }
        };
        check([]);
        const labels = flatChoices(legal, view, session.deck).map((c) => c.label);
        expect(new Set(labels).size).toBe(labels.length);
        session.play(rng.pick(legal));
      }
    }
  });

  it('name the targets and values in words', () => {
    const session = new SecretInvasionSession({ match: newMatch(3, 3), timer: null, savePath: null, turnSeconds: null });
    const view = session.view('p1');
    const move: SecretInvasionMove = { actor: 'p1', type: 'discard', character: 'stormtrooper', target: 'p2', guess: 5 };
    const hand = [session.card('stormtrooper-1'), session.card('princess-leia-1')];
    expect(flatChoices([move], { ...view, hand }, session.deck)[0]).toMatchObject({
      label: 'Discard Stormtrooper (1): Ben, value 5 (Luke Skywalker)',
      summary: expect.stringMatching(/^Name a value from 2 to 8 for an opponent/),
    });
    expect(flatChoices([move], { ...view, hand }, session.deck)[0]).not.toHaveProperty('warning');
  });

  it('take the value itself when naming one, and show the characters of each value', () => {
    const session = new SecretInvasionSession({ match: newMatch(3, 3), timer: null, savePath: null, turnSeconds: null });
    const view = { ...session.view('p1'), hand: [session.card('stormtrooper-1'), session.card('han-solo-1')] };
    const moves: SecretInvasionMove[] = [2, 3, 4, 5, 6, 7, 8].map((guess) => ({
      actor: 'p1',
      type: 'discard',
      character: 'stormtrooper',
      target: 'p2',
      guess,
    }));
    const step = menuStep(moves, view, session.deck, ['card:stormtrooper', 'target:p2']);
    if (step.kind !== 'choose') throw new Error('expected the value step');
    expect(step.question).toBe('Stormtrooper (1): which value do you name for Ben? Type the value.');
    expect(step.options.map((o) => `${o.n}. ${o.label}`)).toEqual([
      '2. 2: Han Solo',
      '3. 3: C-3PO or R2-D2',
      '4. 4: Chewbacca',
      '5. 5: Luke Skywalker',
      '6. 6: Darth Vader',
      '7. 7: Obi-Wan Kenobi',
      '8. 8: Princess Leia',
    ]);
    // Typing 5 names 5.
    expect(step.options.find((o) => o.n === 5)?.key).toBe('guess:5');
  });

  it('say what each card does, and warn before a move that puts its player out (discarding Leia, or Luke on yourself with Leia)', () => {
    const session = new SecretInvasionSession({ match: newMatch(3, 3), timer: null, savePath: null, turnSeconds: null });
    const view = { ...session.view('p1'), hand: [session.card('luke-skywalker-1'), session.card('princess-leia-1')] };
    const leia: SecretInvasionMove = { actor: 'p1', type: 'discard', character: 'princess-leia', target: null, guess: null };
    const lukeOnMe: SecretInvasionMove = { actor: 'p1', type: 'discard', character: 'luke-skywalker', target: 'p1', guess: null };
    const lukeOnBen: SecretInvasionMove = { actor: 'p1', type: 'discard', character: 'luke-skywalker', target: 'p2', guess: null };
    const step = menuStep([leia, lukeOnMe, lukeOnBen], view, session.deck);
    if (step.kind !== 'choose') throw new Error('expected the card step');
    expect(step.options.map((o) => o.label)).toEqual([
      'Discard Princess Leia (8): Discarding her, for any reason, puts you out of the round.',
      'Discard Luke Skywalker (5): A player still in the round (you too) discards their card without its effect and draws a new one.',
    ]);
    expect(knockOutWarning(leia, view, session.deck)).toBe('Discarding Princess Leia puts you out of the round.');
    expect(knockOutWarning(lukeOnMe, view, session.deck)).toBe('Luke Skywalker on yourself makes you discard Princess Leia, which puts you out of the round.');
    expect(knockOutWarning(lukeOnBen, view, session.deck)).toBeNull();
    expect(flatChoices([leia, lukeOnMe, lukeOnBen], view, session.deck).map((c) => c.warning ?? null)).toEqual([
      'Discarding Princess Leia puts you out of the round.',
      'Luke Skywalker on yourself makes you discard Princess Leia, which puts you out of the round.',
      null,
    ]);
    const screen = seatScreen({ view, recent: [], card: (id) => session.card(id), clock: session.clock, title: 'T' }, PLAIN).join('\n');
    expect(screen).toContain('Your hand: [Luke Skywalker (5)] [Princess Leia (8)]');
    expect(screen).toContain('  Princess Leia: Discarding her, for any reason, puts you out of the round.');
    expect(cardGuideLines(session.deck, PLAIN)).toContain(
      '  1 Stormtrooper ×4: Name a value from 2 to 8 for an opponent: if they hold it, they are out of the round.',
    );
  });
});

describe('Secret Invasion narration', () => {
  it('tells the player swapped with by Darth Vader who did the swapping', () => {
    const session = new SecretInvasionSession({ match: newMatch(3, 3), timer: null, savePath: null, turnSeconds: null });
    const event: SecretInvasionEvent = { type: 'hands-swapped', player: 'p3', target: 'p1', playerCard: 'han-solo-1', targetCard: 'chewbacca-1' };
    const told = (viewer: PlayerId): string => narration([event], namesFor(session.view(viewer)), (id) => session.card(id), PLAIN).join('\n');
    expect(told('p1')).toBe('  Cy swapped hands with you: you gave Han Solo (2) and got Chewbacca (4).');
    expect(told('p3')).toBe('  You swapped hands with Ana: you gave Chewbacca (4) and got Han Solo (2).');
    expect(told(TABLE_VIEWER)).toBe('  Cy swapped hands with Ana.');
  });

  it('shows the sounds the timer plays for the table, and its warnings', () => {
    expect(timerLines({ command: 'PLAY buzz' }, PLAIN)).toEqual(['♪ The timer: BUZZ: a player is out of the round.']);
    expect(timerLines({ command: 'PLAY chime' }, PLAIN)).toEqual(['♪ The timer: CHIME: the round is won.']);
    expect(timerLines({ command: 'PLAY fanfare' }, PLAIN)).toEqual(['♪ The timer: FANFARE: the game is won.']);
    expect(timerLines({ command: 'TIMER 30' }, PLAIN)).toEqual([]);
    expect(timerLines({ event: { name: 'WARN', leftMs: 10_000 } }, PLAIN)).toEqual(['♪ The timer warns: 10 s left on the turn clock.']);
  });
});
