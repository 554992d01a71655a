// Hidden information: over many random seeded games, no view and no filtered event ever holds
// a card that is secret from its viewer (another player's hand, the deck, the set-aside card)
// unless the rules showed that card to the viewer this round. What the rules show is worked out
// here from the full events, independently of the game's own filter.
import { describe, expect, it } from 'vitest';
import type { Bot } from '../../../host/engine/table-play.ts';
import { randomFrom, seedRng } from '../../../host/engine/rng.ts';
import type { SecretInvasionEvent, SecretInvasionMove, SecretInvasionState, SecretInvasionView } from '../../../host/games/secret-invasion/model.ts';
import { trackingBot } from '../../../host/games/secret-invasion/tracking-bot.ts';
import { cardOf, configFor, deck, game } from './fixtures.ts';

type SiBot = Bot<SecretInvasionView, SecretInvasionMove>;
const ONLOOKER = 'onlooker';

/** The cards the rules show `viewer` through this event (before any new round resets them). */
function shownBy(event: SecretInvasionEvent, viewer: string): string[] {
  const party = (...players: string[]): boolean => players.includes(viewer);
  switch (event.type) {
    case 'round-started':
      return [...event.faceUp];
    case 'card-dealt':
    case 'card-drawn':
      return party(event.player) && event.card !== null ? [event.card] : [];
    case 'card-discarded':
      return [event.card];
    case 'han-looked':
      return party(event.player, event.target) && event.card !== null ? [event.card] : [];
    case 'droids-compared':
    case 'hands-swapped':
      return party(event.player, event.target) ? [event.playerCard, event.targetCard].filter((c): c is string => c !== null) : [];
    case 'round-ended':
      return event.result.revealed.map((r) => r.card);
    default:
      return [];
  }
}

/** Cards secret from `viewer` now: other players' hands, the deck, the set-aside card. */
function secretsFrom(state: SecretInvasionState, viewer: string): string[] {
  const cards = [
    ...state.seats.filter((s) => s.id !== viewer).flatMap((s) => s.hand),
    ...state.deck.slice(state.deckTop),
    ...(state.setAside === null ? [] : [state.setAside]),
  ];
  return cards.map((c) => cardOf(c).id);
}

function leaks(text: string, secrets: readonly string[], allowed: ReadonlySet<string>): string[] {
  return secrets.filter((id) => !allowed.has(id) && text.includes(JSON.stringify(id)));
}

describe('Secret Invasion hidden information', () => {
  it('no view and no filtered event shows a secret card the rules did not show to its viewer', () => {
    let checks = 0;
    let revealedChecks = 0;
    for (let seed = 1; seed <= 80; seed++) {
      const players = 2 + (seed % 3);
      const rng = randomFrom(seedRng(seed ^ 0xabcdef));
      const bots: SiBot[] = [(_view, legal, random) => random.pick(legal), trackingBot()];
      let state = game.setup(configFor(players), seed);
      const viewers = [...game.players(state), ONLOOKER];
      // What each viewer was shown this round; the set-up shows the own hand and the face-up cards.
      const shown = new Map(viewers.map((v) => [v, new Set([...state.faceUp, ...(state.seats.find((s) => s.id === v)?.hand ?? [])].map((c) => cardOf(c).id))]));
      let lastRoundEnded: SecretInvasionEvent | null = null;
      for (let step = 0; game.toMove(state).length > 0 && step < 3_000; step++) {
        const actor = state.turnPlayer;
        const legal = game.legalMoves(state, actor);
        const bot = bots[(seed + Number(actor.slice(1))) % 2]!;
        const result = game.apply(state, bot(game.view(state, actor), legal, rng));
        if (!result.ok) throw new Error(result.reason);
        const { events } = result;
        const before = state;
        state = result.state;
        for (const e of events) if (e.type === 'round-ended') lastRoundEnded = e;
        for (const viewer of viewers) {
          const set = shown.get(viewer)!;
          // Events: a secret before or after the move may appear only if shown before or during it.
          const during = new Set(set);
          for (const e of events) for (const c of shownBy(e, viewer)) during.add(c);
          const seen = JSON.stringify(game.eventsFor(events, viewer));
          const secrets = [...new Set([...secretsFrom(before, viewer), ...secretsFrom(state, viewer)])];
          const eventLeaks = leaks(seen, secrets, during);
          if (eventLeaks.length > 0) throw new Error(`seed ${seed} step ${step}: the events for ${viewer} show ${eventLeaks.join(', ')}`);
          // Then the round's record: a new round starts from nothing again.
          for (const e of events) {
            if (e.type === 'round-started') set.clear();
            for (const c of shownBy(e, viewer)) set.add(c);
          }
          // The view: the last round's result is public (checked against the event); the rest is this round's.
          const { lastRound, ...view } = game.view(state, viewer);
          if (JSON.stringify(lastRound) !== JSON.stringify(lastRoundEnded?.type === 'round-ended' ? lastRoundEnded.result : null)) {
            throw new Error(`seed ${seed} step ${step}: the last round in the view of ${viewer} is not the public result`);
          }
          const viewLeaks = leaks(JSON.stringify(view), secretsFrom(state, viewer), set);
          if (viewLeaks.length > 0) throw new Error(`seed ${seed} step ${step}: the view of ${viewer} shows ${viewLeaks.join(', ')}`);
          // Only one's own hand is listed in full; others are counts.
          if (JSON.stringify(view.hand.map((c) => c.id)) !== JSON.stringify((state.seats.find((s) => s.id === viewer)?.hand ?? []).map((c) => cardOf(c).id))) {
            throw new Error(`seed ${seed} step ${step}: the view of ${viewer} does not show exactly their own hand`);
          }
          revealedChecks += view.known.length;
          checks++;
        }
      }
      expect(game.result(state).finished).toBe(true);
    }
    expect(checks).toBeGreaterThan(10_000);
    expect(revealedChecks).toBeGreaterThan(100); // the rules did show cards, and views listed them
  });

  it('the view lists only what the viewer knows to be true: known cards are held by that player now', () => {
    for (let seed = 200; seed < 260; seed++) {
      const rng = randomFrom(seedRng(seed));
      let state = game.setup(configFor(2 + (seed % 3)), seed);
      while (game.toMove(state).length > 0) {
        for (const viewer of game.players(state)) {
          for (const k of game.view(state, viewer).known) {
            expect(state.seats.find((s) => s.id === k.player)?.hand.map((c) => cardOf(c).id)).toContain(k.card.id);
          }
        }
        const r = game.apply(state, rng.pick(game.legalMoves(state, state.turnPlayer)));
        if (!r.ok) throw new Error(r.reason);
        state = r.state;
      }
    }
  });

  it('an onlooker sees no hand at all', () => {
    const state = game.setup(configFor(4), 3);
    const view = game.view(state, ONLOOKER);
    expect(view.hand).toEqual([]);
    expect(view.known).toEqual([]);
    for (const card of state.seats.flatMap((s) => s.hand)) expect(JSON.stringify(view)).not.toContain(JSON.stringify(cardOf(card).id));
    expect(deck.cards).toHaveLength(17);
  });
});
