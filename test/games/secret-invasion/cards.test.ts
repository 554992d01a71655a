// Every card note of the rulebook as a test, each from a laid-out table.
import { describe, expect, it } from 'vitest';
import { cardOf, deck, discard, discardsOf, game, handOf, isOut, isProtected, must, rejected, table, types } from './fixtures.ts';

const targetsOf = (state: ReturnType<typeof table>, character: string): (string | null)[] => [
  ...new Set(
    game
      .legalMoves(state, state.turnPlayer)
      .filter((m) => m.type === 'discard' && m.character === character)
      .map((m) => (m.type === 'discard' ? m.target : null)),
  ),
];

describe('8 — Princess Leia', () => {
  it('discarding Leia on your turn puts you out, and your other card is discarded without effect', () => {
    const s = table(3, { hands: { p1: ['princess-leia', 'c-3po'], p2: ['han-solo'], p3: ['chewbacca'] } });
    const { state, events } = must(s, discard('p1', 'princess-leia'));
    expect(isOut(state, 'p1')).toBe(true);
    expect(discardsOf(state, 'p1')).toEqual(['princess-leia', 'c-3po']);
    expect(types(events).slice(0, 3)).toEqual(['card-discarded', 'player-out', 'card-discarded']);
    expect(events).toContainEqual({ type: 'player-out', player: 'p1', reason: 'leia-discarded' });
    expect(state.turnPlayer).toBe('p2');
  });

  it('discarding Leia because of Luke Skywalker also puts the player out (and they draw nothing)', () => {
    const s = table(3, { hands: { p1: ['luke-skywalker', 'han-solo'], p2: ['princess-leia'], p3: ['chewbacca'] } });
    const { state, events } = must(s, discard('p1', 'luke-skywalker', 'p2'));
    expect(isOut(state, 'p2')).toBe(true);
    expect(handOf(state, 'p2')).toEqual([]);
    expect(discardsOf(state, 'p2')).toEqual(['princess-leia']);
    expect(events).toContainEqual({ type: 'player-out', player: 'p2', reason: 'leia-discarded' });
    expect(events.filter((e) => e.type === 'card-drawn' && e.player === 'p2')).toEqual([]);
  });

  it('holding Leia wins the showdown at the end of the round', () => {
    const s = table(3, {
      hands: { p1: ['stormtrooper', 'chewbacca'], p2: ['princess-leia'], p3: ['obi-wan-kenobi'] },
      deckSize: 0,
      spillTo: 'p3',
    });
    const { events } = must(s, discard('p1', 'chewbacca'));
    const ended = events.find((e) => e.type === 'round-ended');
    expect(ended?.type === 'round-ended' && ended.result.winners).toEqual(['p2']);
  });
});

describe('7 — Obi-Wan Kenobi', () => {
  for (const partner of ['luke-skywalker', 'darth-vader']) {
    it(`must be discarded when held with ${partner}; the other card stays secret`, () => {
      const s = table(3, { hands: { p1: ['obi-wan-kenobi', partner], p2: ['han-solo'], p3: ['chewbacca'] } });
      const legal = game.legalMoves(s, 'p1');
      expect(legal).toEqual([discard('p1', 'obi-wan-kenobi')]);
      const reason = rejected(s, discard('p1', partner, 'p2'));
      expect(reason).toMatch(/you hold Obi-Wan Kenobi with (Luke Skywalker|Darth Vader): you must discard Obi-Wan Kenobi/);
      const { state, events } = must(s, discard('p1', 'obi-wan-kenobi'));
      expect(handOf(state, 'p1')).toEqual([partner]);
      expect(events).toContainEqual({ type: 'no-effect', player: 'p1', character: 'obi-wan-kenobi', reason: 'no-effect' });
      const kept = cardOf(state.seats[0]!.hand[0]!).id;
      for (const other of ['p2', 'p3']) {
        expect(JSON.stringify(game.eventsFor(events, other))).not.toContain(kept);
        expect(JSON.stringify(game.view(state, other))).not.toContain(kept);
      }
    });
  }

  it('may be discarded in other situations too, with no effect', () => {
    const s = table(2, { hands: { p1: ['obi-wan-kenobi', 'han-solo'], p2: ['c-3po'] } });
    expect(game.legalMoves(s, 'p1').some((m) => m.type === 'discard' && m.character === 'obi-wan-kenobi')).toBe(true);
    expect(game.legalMoves(s, 'p1').some((m) => m.type === 'discard' && m.character === 'han-solo')).toBe(true);
    const { state } = must(s, discard('p1', 'obi-wan-kenobi'));
    expect(handOf(state, 'p2')).toContain('c-3po');
    expect(isOut(state, 'p2')).toBe(false);
  });
});

describe('6 — Darth Vader', () => {
  it('exchanges the card remaining in your hand with an opponent’s card, and both learn where their card went', () => {
    const s = table(3, { hands: { p1: ['darth-vader', 'han-solo'], p2: ['princess-leia'], p3: ['chewbacca'] } });
    const { state, events } = must(s, discard('p1', 'darth-vader', 'p2'));
    expect(handOf(state, 'p1')).toEqual(['princess-leia']);
    expect(handOf(state, 'p2')[0]).toBe('han-solo'); // and the card p2 drew for their turn
    expect(isOut(state, 'p1')).toBe(false);
    expect(game.view(state, 'p1').known.map((k) => [k.player, k.card.character])).toEqual([['p2', 'han-solo']]);
    expect(game.view(state, 'p2').known.map((k) => [k.player, k.card.character])).toEqual([['p1', 'princess-leia']]);
    expect(game.view(state, 'p3').known).toEqual([]);
    const seenByP3 = game.eventsFor(events, 'p3').find((e) => e.type === 'hands-swapped');
    expect(seenByP3).toEqual({ type: 'hands-swapped', player: 'p1', target: 'p2', playerCard: null, targetCard: null });
  });

  it('cannot swap with a player who is out or protected', () => {
    const s = table(3, {
      hands: { p1: ['darth-vader', 'han-solo'], p2: [], p3: ['chewbacca'] },
      discards: { p2: ['stormtrooper'] },
      out: ['p2'],
      protected: ['p3'],
    });
    expect(rejected(s, discard('p1', 'darth-vader', 'p2'))).toBe('the table game asks no target for Darth Vader here: target must be null');
    expect(targetsOf(s, 'darth-vader')).toEqual([null]);
    const s4 = table(4, { hands: { p1: ['darth-vader', 'han-solo'], p2: [], p3: ['chewbacca'], p4: ['c-3po'] }, out: ['p2'], protected: ['p3'] });
    expect(rejected(s4, discard('p1', 'darth-vader', 'p2'))).toBe('Ben (p2) is out of the round');
    expect(rejected(s4, discard('p1', 'darth-vader', 'p3'))).toBe('Cal (p3) is protected by Chewbacca until their next turn');
    expect(rejected(s4, discard('p1', 'darth-vader', 'p1'))).toBe('Darth Vader targets an opponent, not yourself');
    expect(rejected(s4, discard('p1', 'darth-vader'))).toBe('Darth Vader needs a target: choose one of Dee (p4)');
    expect(targetsOf(s4, 'darth-vader')).toEqual(['p4']);
  });

  it('does nothing when all other players are protected', () => {
    const s = table(2, { hands: { p1: ['darth-vader', 'han-solo'], p2: ['princess-leia'] }, protected: ['p2'] });
    const { state, events } = must(s, discard('p1', 'darth-vader'));
    expect(handOf(state, 'p1')).toEqual(['han-solo']);
    expect(handOf(state, 'p2')).toContain('princess-leia'); // with the card drawn for the next turn
    expect(events).toContainEqual({ type: 'no-effect', player: 'p1', character: 'darth-vader', reason: 'all-protected' });
  });
});

describe('5 — Luke Skywalker', () => {
  it('makes an opponent discard without effect and draw the top card', () => {
    const s = table(3, { hands: { p1: ['luke-skywalker', 'han-solo'], p2: ['chewbacca'], p3: ['c-3po'] }, deckTop: ['r2-d2', 'stormtrooper'] });
    const { state, events } = must(s, discard('p1', 'luke-skywalker', 'p2'));
    expect(discardsOf(state, 'p2')).toEqual(['chewbacca']);
    expect(isProtected(state, 'p2')).toBe(false); // Chewbacca discarded without its effect
    expect(handOf(state, 'p2')[0]).toBe('r2-d2');
    expect(events).toContainEqual({ type: 'card-discarded', player: 'p2', card: 'chewbacca-1', cause: 'luke' });
    const drawn = events.find((e) => e.type === 'card-drawn' && e.player === 'p2');
    expect(drawn).toMatchObject({ from: 'deck' });
    expect(game.eventsFor([drawn!], 'p3')).toEqual([{ ...drawn, card: null }]);
  });

  it('may target yourself: you discard your other card and draw', () => {
    const s = table(3, { hands: { p1: ['luke-skywalker', 'stormtrooper'], p2: ['chewbacca'], p3: ['c-3po'] }, deckTop: ['obi-wan-kenobi'] });
    const { state } = must(s, discard('p1', 'luke-skywalker', 'p1'));
    expect(discardsOf(state, 'p1')).toEqual(['luke-skywalker', 'stormtrooper']);
    expect(handOf(state, 'p1')).toEqual(['obi-wan-kenobi']);
  });

  it('must target yourself when every other player is protected', () => {
    const s = table(3, { hands: { p1: ['luke-skywalker', 'stormtrooper'], p2: ['chewbacca'], p3: ['c-3po'] }, protected: ['p2', 'p3'] });
    expect(targetsOf(s, 'luke-skywalker')).toEqual(['p1']);
    expect(rejected(s, discard('p1', 'luke-skywalker', 'p2'))).toMatch(/protected by Chewbacca/);
    expect(rejected(s, discard('p1', 'luke-skywalker'))).toMatch(/Luke Skywalker needs a target/);
  });

  it('takes the set-aside card when the deck is empty', () => {
    const s = table(3, {
      hands: { p1: ['luke-skywalker', 'han-solo'], p2: ['chewbacca'], p3: ['c-3po'] },
      setAside: 'princess-leia',
      deckSize: 0,
    });
    const { state, events } = must(s, discard('p1', 'luke-skywalker', 'p2'));
    expect(events).toContainEqual({ type: 'card-drawn', player: 'p2', card: 'princess-leia-1', from: 'set-aside' });
    expect(s.setAside === null ? null : cardOf(s.setAside).id).toBe('princess-leia-1');
    // The deck is empty after the turn: the round ends, p2 wins it with Leia, and a new round is dealt.
    const ended = events.find((e) => e.type === 'round-ended');
    expect(ended?.type === 'round-ended' && ended.result.winners).toEqual(['p2']);
    expect(ended?.type === 'round-ended' && ended.result.revealed).toContainEqual({ player: 'p2', card: 'princess-leia-1' });
    expect(state.round).toBe(2);
  });
});

describe('4 — Chewbacca', () => {
  it('protects you from opponents’ effects until the start of your next turn', () => {
    const s = table(3, { hands: { p1: ['chewbacca', 'han-solo'], p2: ['stormtrooper'], p3: ['c-3po'] }, deckTop: ['stormtrooper', 'r2-d2', 'han-solo'] });
    let { state } = must(s, discard('p1', 'chewbacca'));
    expect(isProtected(state, 'p1')).toBe(true);
    expect(rejected(state, discard('p2', 'stormtrooper', 'p1', 2))).toBe('Ana (p1) is protected by Chewbacca until their next turn');
    ({ state } = must(state, discard('p2', 'stormtrooper', 'p3', 2)));
    ({ state } = must(state, discard('p3', 'r2-d2', 'p2')));
    // p3 held C-3PO (3) against p2's Stormtrooper (1): R2-D2 puts the higher (p3) out, so p1 is next.
    expect(isOut(state, 'p3')).toBe(true);
    expect(state.turnPlayer).toBe('p1');
    expect(isProtected(state, 'p1')).toBe(false);
  });

  it('when all others are protected, an effect on opponents does nothing (no target is the only choice)', () => {
    const s = table(3, { hands: { p1: ['stormtrooper', 'c-3po'], p2: ['han-solo'], p3: ['chewbacca'] }, protected: ['p2', 'p3'] });
    expect(targetsOf(s, 'stormtrooper')).toEqual([null]);
    expect(targetsOf(s, 'c-3po')).toEqual([null]);
    expect(rejected(s, discard('p1', 'stormtrooper', 'p2', 2))).toBe('the table game asks no target for Stormtrooper here: target must be null');
    const { events } = must(s, discard('p1', 'c-3po'));
    expect(events).toContainEqual({ type: 'no-effect', player: 'p1', character: 'c-3po', reason: 'all-protected' });
  });
});

describe('3 — C-3PO and R2-D2', () => {
  it('C-3PO: the lower card is out, compared privately', () => {
    const s = table(3, { hands: { p1: ['c-3po', 'luke-skywalker'], p2: ['han-solo'], p3: ['chewbacca'] } });
    const { state, events } = must(s, discard('p1', 'c-3po', 'p2'));
    expect(isOut(state, 'p2')).toBe(true);
    expect(events).toContainEqual({ type: 'player-out', player: 'p2', reason: 'compared' });
    const cmp = game.eventsFor(events, 'p3').find((e) => e.type === 'droids-compared');
    expect(cmp).toMatchObject({ playerCard: null, targetCard: null, loser: 'p2' });
    const forP2 = game.eventsFor(events, 'p2').find((e) => e.type === 'droids-compared');
    expect(forP2).toMatchObject({ playerCard: 'luke-skywalker-1', targetCard: 'han-solo-1' });
  });

  it('C-3PO: the player who discarded it can be the one out', () => {
    const s = table(2, { hands: { p1: ['c-3po', 'stormtrooper'], p2: ['han-solo'] } });
    const { events } = must(s, discard('p1', 'c-3po', 'p2'));
    expect(events).toContainEqual({ type: 'player-out', player: 'p1', reason: 'compared' });
  });

  it('R2-D2: the higher card is out', () => {
    const s = table(3, { hands: { p1: ['r2-d2', 'han-solo'], p2: ['darth-vader'], p3: ['chewbacca'] } });
    const { state } = must(s, discard('p1', 'r2-d2', 'p2'));
    expect(isOut(state, 'p2')).toBe(true);
    expect(isOut(state, 'p1')).toBe(false);
  });

  it('equal values: nothing happens, and the two now know each other’s card', () => {
    const s = table(3, { hands: { p1: ['r2-d2', 'chewbacca'], p2: ['chewbacca'], p3: ['han-solo'] } });
    const { state } = must(s, discard('p1', 'r2-d2', 'p2'));
    expect(isOut(state, 'p1') || isOut(state, 'p2')).toBe(false);
    expect(game.view(state, 'p1').known.map((k) => k.player)).toEqual(['p2']);
    expect(game.view(state, 'p2').known.map((k) => k.player)).toEqual(['p1']);
    expect(game.view(state, 'p3').known).toEqual([]);
  });

  it('cannot compare with yourself', () => {
    const s = table(3, { hands: { p1: ['c-3po', 'chewbacca'], p2: ['chewbacca'], p3: ['han-solo'] } });
    expect(rejected(s, discard('p1', 'c-3po', 'p1'))).toBe('C-3PO targets an opponent, not yourself');
  });
});

describe('2 — Han Solo', () => {
  it('looks at an opponent’s card privately', () => {
    const s = table(3, { hands: { p1: ['han-solo', 'chewbacca'], p2: ['darth-vader'], p3: ['c-3po'] } });
    const { state, events } = must(s, discard('p1', 'han-solo', 'p2'));
    expect(game.view(state, 'p1').known).toEqual([
      {
        player: 'p2',
        card: { id: 'darth-vader-1', character: 'darth-vader', name: 'Darth Vader', value: 6, summary: expect.stringMatching(/^Swap the card/) },
        source: 'han',
      },
    ]);
    expect(JSON.stringify(game.view(state, 'p3'))).not.toContain('darth-vader');
    expect(JSON.stringify(game.eventsFor(events, 'p3'))).not.toContain('darth-vader');
    expect(game.eventsFor(events, 'p1')).toContainEqual({ type: 'han-looked', player: 'p1', target: 'p2', card: 'darth-vader-1' });
  });

  it('looking is optional', () => {
    const s = table(3, { hands: { p1: ['han-solo', 'chewbacca'], p2: ['darth-vader'], p3: ['c-3po'] } });
    expect(targetsOf(s, 'han-solo')).toEqual([null, 'p2', 'p3']);
    const { events } = must(s, discard('p1', 'han-solo'));
    expect(events).toContainEqual({ type: 'no-effect', player: 'p1', character: 'han-solo', reason: 'declined' });
  });

  it('what Han saw stays known while the opponent keeps it', () => {
    const s = table(2, { hands: { p1: ['han-solo', 'chewbacca'], p2: ['darth-vader'] }, deckTop: ['stormtrooper'] });
    let { state } = must(s, discard('p1', 'han-solo', 'p2'));
    expect(game.view(state, 'p1').known).toHaveLength(1);
    // p2 keeps Vader and discards the Stormtrooper drawn: p1 still knows.
    ({ state } = must(state, discard('p2', 'stormtrooper', 'p1', 2)));
    expect(game.view(state, 'p1').known.map((k) => [k.player, k.card.character])).toEqual([['p2', 'darth-vader']]);
  });

  it('what Han saw is forgotten once the opponent discards a card of that character (onlookers cannot tell which copy)', () => {
    const s = table(3, { hands: { p1: ['han-solo', 'c-3po'], p2: ['chewbacca'], p3: ['stormtrooper'] }, deckTop: ['chewbacca'] });
    let { state } = must(s, discard('p1', 'han-solo', 'p2'));
    ({ state } = must(state, discard('p2', 'chewbacca')));
    expect(game.view(state, 'p1').known).toEqual([]);
  });
});

describe('1 — Stormtrooper', () => {
  it('names a value from 2 to 8: a hit puts the opponent out, a miss does nothing', () => {
    const s = table(3, { hands: { p1: ['stormtrooper', 'chewbacca'], p2: ['darth-vader'], p3: ['c-3po'] } });
    const hit = must(s, discard('p1', 'stormtrooper', 'p2', 6));
    expect(isOut(hit.state, 'p2')).toBe(true);
    expect(hit.events).toContainEqual({ type: 'guessed', player: 'p1', target: 'p2', guess: 6, hit: true, attempt: 1 });
    const miss = must(s, discard('p1', 'stormtrooper', 'p2', 5));
    expect(isOut(miss.state, 'p2')).toBe(false);
    expect(miss.state.turnPlayer).toBe('p2');
  });

  it('rejects a value outside 2 to 8, yourself as target and a missing value', () => {
    const s = table(3, { hands: { p1: ['stormtrooper', 'chewbacca'], p2: ['darth-vader'], p3: ['c-3po'] } });
    expect(rejected(s, discard('p1', 'stormtrooper', 'p2', 1))).toBe('name a value from 2 to 8 with Stormtrooper, got 1');
    expect(rejected(s, discard('p1', 'stormtrooper', 'p2', 9))).toBe('name a value from 2 to 8 with Stormtrooper, got 9');
    expect(rejected(s, discard('p1', 'stormtrooper', 'p2', null))).toBe('name a value from 2 to 8 with Stormtrooper, got null');
    expect(rejected(s, discard('p1', 'stormtrooper', 'p1', 4))).toBe('Stormtrooper targets an opponent, not yourself');
    expect(game.legalMoves(s, 'p1').filter((m) => m.type === 'discard' && m.character === 'stormtrooper')).toHaveLength(2 * 7);
  });
});

describe('1 — Boba Fett', () => {
  const start = () => table(3, { hands: { p1: ['boba-fett', 'chewbacca'], p2: ['darth-vader'], p3: ['c-3po'] } });

  it('a first hit puts the opponent out and ends the turn', () => {
    const { state } = must(start(), discard('p1', 'boba-fett', 'p2', 6));
    expect(isOut(state, 'p2')).toBe(true);
    expect(state.stage).toBe('turn');
    expect(state.turnPlayer).toBe('p3');
  });

  it('after a miss, a second try at another opponent may hit', () => {
    let { state, events } = must(start(), discard('p1', 'boba-fett', 'p2', 2));
    expect(state.stage).toBe('second-try');
    expect(events.at(-1)).toEqual({ type: 'second-try-offered', player: 'p1' });
    expect(game.legalMoves(state, 'p1')).toContainEqual({ actor: 'p1', type: 'stop-guessing' });
    expect(rejected(state, discard('p1', 'chewbacca'))).toBe('Boba Fett missed: guess again or stop guessing first');
    ({ state, events } = must(state, { actor: 'p1', type: 'guess-again', target: 'p3', guess: 3 }));
    expect(isOut(state, 'p3')).toBe(true);
    expect(isOut(state, 'p1')).toBe(false);
    expect(events[0]).toEqual({ type: 'guessed', player: 'p1', target: 'p3', guess: 3, hit: true, attempt: 2 });
  });

  it('a second miss puts the Boba Fett player out instead', () => {
    let { state } = must(start(), discard('p1', 'boba-fett', 'p2', 2));
    const again = must(state, { actor: 'p1', type: 'guess-again', target: 'p2', guess: 7 });
    state = again.state;
    const events = again.events;
    expect(isOut(state, 'p1')).toBe(true);
    expect(events).toContainEqual({ type: 'player-out', player: 'p1', reason: 'second-miss' });
    expect(discardsOf(state, 'p1')).toEqual(['boba-fett', 'chewbacca']);
  });

  it('the second try may be declined', () => {
    let { state } = must(start(), discard('p1', 'boba-fett', 'p2', 2));
    ({ state } = must(state, { actor: 'p1', type: 'stop-guessing' }));
    expect(isOut(state, 'p1')).toBe(false);
    expect(state.turnPlayer).toBe('p2');
  });
});

describe('fair play', () => {
  it('rejects moves out of turn and cards not held, saying why', () => {
    const s = table(3, { hands: { p1: ['han-solo', 'chewbacca'], p2: ['darth-vader'], p3: ['c-3po'] } });
    expect(rejected(s, discard('p2', 'darth-vader', 'p3'))).toBe("it is Ana (p1)'s turn, not Ben (p2)'s");
    expect(rejected(s, discard('p1', 'princess-leia'))).toBe('you do not hold Princess Leia; you hold Han Solo and Chewbacca');
    expect(rejected(s, discard('p1', 'yoda'))).toBe('unknown character "yoda"; discard one of the cards you hold (Han Solo and Chewbacca)');
    expect(rejected(s, discard('p1', 'chewbacca', 'p2'))).toBe('the table game asks no target for Chewbacca here: target must be null');
    expect(rejected(s, discard('p1', 'han-solo', 'p9'))).toMatch(/there is no player "p9"/);
    expect(rejected(s, { actor: 'p1', type: 'stop-guessing' })).toBe('there is no Boba Fett second try to decline now');
  });

  it('rejects malformed moves from outside (a user interface, a damaged log) without throwing', () => {
    const s = table(3, { hands: { p1: ['stormtrooper', 'chewbacca'], p2: ['darth-vader'], p3: ['c-3po'] } });
    const apply = (move: unknown) => game.apply(s, move as Parameters<typeof game.apply>[1]);
    expect(apply(null)).toEqual({ ok: false, reason: 'a move must be an object with an actor and a type' });
    expect(apply({ actor: 'p1', type: 'fly' })).toEqual({
      ok: false,
      reason: 'unknown move type "fly" (expected discard, target, name, undo, guess-again, stop-guessing or chance)',
    });
    expect(apply({ actor: 'p1', type: 'discard' })).toMatchObject({ ok: false, reason: expect.stringMatching(/^unknown character undefined/) });
    expect(apply({ actor: 'p1', type: 'discard', character: 'stormtrooper', target: 2, guess: 3 })).toEqual({
      ok: false,
      reason: 'the target must be a player id such as "p2", got 2',
    });
    expect(apply({ actor: 'p1', type: 'discard', character: 'stormtrooper', target: 'p2', guess: '5' })).toEqual({
      ok: false,
      reason: 'name a value from 2 to 8 with Stormtrooper, got "5"',
    });
  });

  it('deck data and engine agree on the card every effect belongs to', () => {
    expect(deck.characters.map((c) => [c.id, c.value, c.effect])).toEqual([
      ['stormtrooper', 1, 'guess'],
      ['boba-fett', 1, 'guess-twice'],
      ['han-solo', 2, 'look'],
      ['c-3po', 3, 'compare-lower-out'],
      ['r2-d2', 3, 'compare-higher-out'],
      ['chewbacca', 4, 'protect'],
      ['luke-skywalker', 5, 'redraw'],
      ['darth-vader', 6, 'swap'],
      ['obi-wan-kenobi', 7, 'none'],
      ['princess-leia', 8, 'out-when-discarded'],
    ]);
  });
});
