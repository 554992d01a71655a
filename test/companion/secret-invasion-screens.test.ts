// Secret Invasion's renderer (what the terminal, the JSON stream and the browser show of it) shows
// a player only what they may know: every seat's lines, menu and narration over many games of 2
// to 4 players are rendered with a deck whose every card has a name of its own, and no card
// another player holds (or the deck, or the set-aside card) appears unless the rules showed it to
// the viewer. The menus label every legal move differently, name targets and values in words, say
// what each card does and warn of a move that puts its player out.
import { describe, expect, it } from 'vitest';
import { randomFrom, seedRng } from '../../host/engine/rng.ts';
import { eventsSeenBy, toMove } from '../../host/engine/table-game.ts';
import { knockOutWarning } from '../../host/games/secret-invasion/step-labels.ts';
import type { PlayerId, SecretInvasionEvent, SecretInvasionState, SecretInvasionStep, SecretInvasionView } from '../../host/games/secret-invasion/model.ts';
import { secretInvasionEntry, secretInvasionEntryFor, secretInvasionRenderer } from '../../host/games/secret-invasion/table-entry.ts';
import { cardView } from '../../host/games/secret-invasion/view.ts';
import { type Card, STANDARD_DECK } from '../../host/games/secret-invasion/deck.ts';
import { TABLE } from '../../host/table/entry.ts';
import { TableHost } from '../../host/table/host.ts';
import { UNIQUE_DECK } from './secret-invasion-support.ts';

const ALL_NAMES = UNIQUE_DECK.cards.map((c) => UNIQUE_DECK.character(c.character).name);
const UNIQUE_ENTRY = secretInvasionEntryFor(UNIQUE_DECK);
const NAMES = { p1: 'Ana', p2: 'Ben', p3: 'Cy', p4: 'Dee' };

/** The card of the unique-name deck at `index` (the state holds cards as their places in the deck's card list). */
function uniqueCard(index: number): Card {
  const card = UNIQUE_DECK.cards[index];
  if (card === undefined) throw new Error(`no card ${index}`);
  return card;
}

/** Names of the cards `viewer` may not know in `state`: other hands (unless shown), the deck, the set-aside card. */
function hiddenNames(state: SecretInvasionState, viewer: PlayerId): string[] {
  const known = viewer === TABLE ? new Set<string>() : new Set(UNIQUE_ENTRY.game.view(state, viewer).known.map((k) => k.card.id));
  const hidden = [
    ...state.seats.filter((s) => s.id !== viewer).flatMap((s) => s.hand.map(uniqueCard).filter((c) => !known.has(c.id))),
    ...state.deck.slice(state.deckTop).map(uniqueCard),
    ...(state.setAside === null ? [] : [uniqueCard(state.setAside)]),
  ];
  return hidden.map((card) => UNIQUE_DECK.character(card.character).name);
}

/** The cards the rules show `viewer` in a move's events (as filtered for them): their draws, Han's look, a comparison or swap they take part in, the hands revealed at a round's end. */
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
  for (const name of hidden) {
    const pattern = new RegExp(`${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z])`);
    if (pattern.test(text)) throw new Error(`${where}: shows the hidden card ${name}\n${text}`);
  }
}

/** The events of the current round only (after its round-started), where the hidden cards of now apply. */
function currentRound(events: readonly SecretInvasionEvent[]): SecretInvasionEvent[] {
  const start = events.map((e) => e.type).lastIndexOf('round-started');
  return events.slice(start + 1);
}

async function playAndCheck(seed: number, players: number): Promise<{ screens: number; winner: string | null }> {
  const seats = ['Ana', 'Ben', 'Cy', 'Dee'].slice(0, players).map((name) => ({ name, bot: null }));
  const { host } = TableHost.start(UNIQUE_ENTRY, { seats, seed }, { savePath: null });
  const { renderer } = UNIQUE_ENTRY;
  const rng = randomFrom(seedRng(seed));
  const viewers = [TABLE, ...host.seats.map((s) => s.id)];
  const told = new Map<string, SecretInvasionEvent[]>(viewers.map((v) => [v, []]));
  for (const viewer of viewers) {
    host.subscribe(viewer, (u) => {
      if (u.kind === 'events') told.get(viewer)?.push(...u.events);
    });
  }
  let screens = 0;
  for (let step = 0; step < 5000 && !host.result.finished; step++) {
    await host.settled();
    if (host.result.finished) break;
    const actor = toMove(UNIQUE_ENTRY.game, host.state)[0] as PlayerId;
    const snap = host.snapshot(actor);
    const hidden = hiddenNames(host.state, actor);
    const screen = [
      ...renderer.viewLines(snap.view, host.names),
      snap.prompt,
      ...snap.moves.map((m) => {
        const label = renderer.moveLabel(m, snap.view, host.names);
        // A value is named with the characters of that value: the rules, not a hand.
        return `${label.label.replace(/^.* \((\d)\)$/, (whole, value: string) => (m.type === 'name' ? value : whole))} ${label.hint ?? ''}`;
      }),
    ].join('\n');
    expectNoLeak(screen, hidden, `seed ${seed}, ${actor}'s screen at move ${step}`);
    for (const viewer of viewers.filter((v) => v !== actor)) {
      const other = host.snapshot(viewer);
      expectNoLeak(
        [...renderer.viewLines(other.view, host.names), other.prompt].join('\n'),
        hiddenNames(host.state, viewer),
        `seed ${seed}, ${viewer}'s view at ${step}`,
      );
    }
    screens++;
    for (const list of told.values()) list.length = 0;
    expect(host.submit(actor, rng.pick(snap.moves))).toEqual({ ok: true });
    // Every viewer's narration of the move (the mover's result: what Han showed them, a comparison).
    for (const viewer of viewers) {
      const events = told.get(viewer) ?? [];
      const lines = currentRound(events)
        .flatMap((e) => renderer.eventLines(e, viewer, host.names))
        .join('\n');
      const shown = shownBy(currentRound(events), viewer);
      const hiddenNow = hiddenNames(host.state, viewer).filter(
        (name) => ![...shown].some((id) => id !== '' && UNIQUE_DECK.character(UNIQUE_DECK.card(id).character).name === name),
      );
      expectNoLeak(lines, hiddenNow, `seed ${seed}, ${viewer}'s narration of move ${step}`);
    }
  }
  const final = told.get(TABLE)?.flatMap((e) => renderer.eventLines(e, TABLE, host.names)) ?? [];
  expect(final.join('\n')).toMatch(/wins the game with \d victory tokens!/);
  await host.close();
  return { screens, winner: host.state.winner };
}

describe('Secret Invasion screens', () => {
  it('never show a card the viewer may not know, over many games of 2, 3 and 4 players', async () => {
    let screens = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const result = await playAndCheck(seed, 2 + (seed % 3));
      expect(result.winner).not.toBeNull();
      screens += result.screens;
    }
    expect(screens).toBeGreaterThan(1500);
  });

  it('would catch a leak: the check fails when another hand is rendered', async () => {
    const seats = ['Ana', 'Ben', 'Cy'].map((name) => ({ name, bot: null }));
    const { host } = TableHost.start(UNIQUE_ENTRY, { seats, seed: 4 }, { savePath: null });
    await host.settled(); // the deal
    const state = host.state;
    const other = state.seats[1]?.hand[0];
    if (other === undefined) throw new Error('no card dealt');
    expect(() => expectNoLeak(`Ben holds ${UNIQUE_DECK.character(uniqueCard(other).character).name}`, hiddenNames(state, 'p1'), 'test')).toThrow(/hidden card/);
    expect(ALL_NAMES).toContain(UNIQUE_DECK.character(uniqueCard(other).character).name);
  });

  it('shows the player their hand, what Han showed them, and the table', async () => {
    // Play until a Han Solo look happens, then render the looker's lines.
    for (let seed = 1; seed < 200; seed++) {
      const seats = ['Ana', 'Ben', 'Cy'].map((name) => ({ name, bot: null }));
      const { host } = TableHost.start(secretInvasionEntry, { seats, seed }, { savePath: null });
      const rng = randomFrom(seedRng(seed));
      for (let i = 0; i < 120 && !host.result.finished; i++) {
        await host.settled();
        const actor = toMove(secretInvasionEntry.game, host.state)[0] as PlayerId;
        const snap = host.snapshot(actor);
        const legal = snap.moves;
        // Han Solo's card, then a target (not "no one").
        const han = legal.find((m) => m.type === 'discard' && m.character === 'han-solo');
        const look = snap.view.choosing?.character === 'han-solo' ? legal.find((m) => m.type === 'target' && m.target !== null) : undefined;
        host.submit(actor, han ?? look ?? rng.pick(legal));
        const view = host.snapshot(actor).view;
        if (look?.type === 'target' && look.target !== null && view.known.some((k) => k.player === look.target)) {
          const target = host.names[look.target];
          const seen = view.known.find((k) => k.player === look.target)?.card;
          const lines = secretInvasionRenderer.viewLines(view, host.names).join('\n');
          expect(lines).toContain(`you know ${target} holds ${seen?.name}`);
          expect(lines).toContain(`Your hand: [${view.hand[0]?.name}`);
          expect(lines).toMatch(/discards /);
          const told = host.historyFor(actor).flatMap((e) => secretInvasionRenderer.eventLines(e, actor, host.names));
          expect(told.join('\n')).toContain(`You looked at ${target}'s card: ${seen?.name} (${seen?.value}).`);
          await host.close();
          return;
        }
      }
      await host.close();
    }
    throw new Error('no Han Solo look found');
  });
});

const card = (id: string) => cardView(STANDARD_DECK, id);
const p1View = (hand: string[]): SecretInvasionView => {
  const { state } = secretInvasionEntry.game.setup({ players: [{ name: 'Ana' }, { name: 'Ben' }, { name: 'Cy' }] }, 3);
  return { ...secretInvasionEntry.game.view(state, 'p1'), hand: hand.map(card) };
};

// Each step's words (card, target, value, back) are step-labels.ts's, proven in
// test/games/secret-invasion/steps.test.ts; here: the renderer is built on them, over whole games.
describe('Secret Invasion menus', () => {
  it('label every legal step differently, over many games, and never leave a seat without a step', async () => {
    for (let seed = 1; seed <= 12; seed++) {
      const seats = ['Ana', 'Ben', 'Cy', 'Dee'].slice(0, 2 + (seed % 3)).map((name) => ({ name, bot: null }));
      const { host } = TableHost.start(secretInvasionEntry, { seats, seed }, { savePath: null });
      const rng = randomFrom(seedRng(seed));
      for (let i = 0; i < 300 && !host.result.finished; i++) {
        await host.settled();
        const actor = toMove(secretInvasionEntry.game, host.state)[0] as PlayerId;
        const snap = host.snapshot(actor);
        expect(snap.moves.length).toBeGreaterThan(0);
        const labels = snap.moves.map((m) => secretInvasionRenderer.moveLabel(m, snap.view, host.names).label);
        expect(new Set(labels).size).toBe(labels.length);
        for (const label of labels) expect(label).not.toBe('');
        host.submit(actor, rng.pick(snap.moves));
      }
      await host.close();
    }
  });

  it('say what each card does, and warn first of a step that puts its player out (discarding Leia)', () => {
    const view = p1View(['luke-skywalker-1', 'princess-leia-1']);
    const leia: SecretInvasionStep = { actor: 'p1', type: 'discard', character: 'princess-leia' };
    const luke: SecretInvasionStep = { actor: 'p1', type: 'discard', character: 'luke-skywalker' };
    expect(knockOutWarning(leia, view, STANDARD_DECK)).toBe('Discarding Princess Leia puts you out of the round.');
    expect(secretInvasionRenderer.moveLabel(leia, view, NAMES)).toEqual({
      label: 'Discard Princess Leia (8)',
      hint: 'Discarding Princess Leia puts you out of the round.',
    });
    expect(secretInvasionRenderer.moveLabel(luke, view, NAMES)).toEqual({
      label: 'Discard Luke Skywalker (5)',
      hint: 'A player still in the round (you too) discards their card without its effect and draws a new one.',
    });
    const lines = secretInvasionRenderer.viewLines(view, NAMES);
    expect(lines).toContain('Your hand: [Luke Skywalker (5)] [Princess Leia (8)]');
    expect(lines).toContain('  Princess Leia: Discarding her, for any reason, puts you out of the round.');
  });
});

describe('Secret Invasion table lines', () => {
  it('count one token and one card in the singular', () => {
    const view = p1View(['luke-skywalker-1']);
    const players = view.players.map((p, i) => ({ ...p, tokens: i, handCount: i + 1 }));
    const lines = secretInvasionRenderer.viewLines({ ...view, players }, NAMES);
    expect(lines.slice(0, 3).map((l) => l.replace(/; discards.*$/, ''))).toEqual([
      expect.stringMatching(/Ana: 0 tokens, 1 card$/),
      expect.stringMatching(/Ben: 1 token, 2 cards$/),
      expect.stringMatching(/Cy: 2 tokens, 3 cards$/),
    ]);
  });
});

describe('Secret Invasion narration', () => {
  it('tells the player swapped with by Darth Vader who did the swapping', () => {
    const event: SecretInvasionEvent = { type: 'hands-swapped', player: 'p3', target: 'p1', playerCard: 'han-solo-1', targetCard: 'chewbacca-1' };
    expect(secretInvasionRenderer.eventLines(event, 'p1', NAMES)).toEqual(['  Cy swapped hands with you: you gave Han Solo (2) and got Chewbacca (4).']);
    expect(secretInvasionRenderer.eventLines(event, 'p3', NAMES)).toEqual(['  You swapped hands with Ana: you gave Chewbacca (4) and got Han Solo (2).']);
    const seen = eventsSeenBy(secretInvasionEntry.game, [event], TABLE);
    expect(seen.flatMap((e) => secretInvasionRenderer.eventLines(e, TABLE, NAMES))).toEqual(['  Cy swapped hands with Ana.']);
  });
});
