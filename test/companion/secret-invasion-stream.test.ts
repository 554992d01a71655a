// The Secret Invasion JSON stream on the table front end keeps hidden cards hidden on every line,
// not only in its events: a public stream fed bad input at every prompt (moves the rules refuse,
// moves for another seat, menu numbers out of range, text that is not JSON), with a table timer
// that reports, runs the turn clock out and refuses commands, carries no card secret from the
// table on any line without a `seat` (every kind of line it writes is seen; card names checked
// with a deck whose every card has a name of its own), and every line that may hold a seat's
// secret (prompt, view, its events, rejected, the error for that seat's menu) is addressed to
// that seat. A rejection's reason names only what the rejected player knows. The stream also
// opens round 1 like every later round (the two-player game's face-up cards included).
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { randomFrom, seedRng, type Random } from '../../host/engine/rng.ts';
import { STANDARD_DECK, type Deck } from '../../host/games/secret-invasion/deck.ts';
import type { PlayerId, SecretInvasionEvent, SecretInvasionState, SecretInvasionStep, SecretInvasionView } from '../../host/games/secret-invasion/model.ts';
import { secretInvasionEntry, secretInvasionEntryFor } from '../../host/games/secret-invasion/table-entry.ts';
import { TableHost, type TableTimerPort } from '../../host/table/host.ts';
import { runTableJson } from '../../host/table/json-stream.ts';
import { FakeTimer } from '../table/support.ts';
import { UNIQUE_DECK } from './secret-invasion-support.ts';
import { until } from './table.ts';

type Line = Record<string, unknown>;

/** A table timer that refuses every fifth command (a Rebel Missions countdown on it, say), so the stream has notes too. */
class MoodyTimer extends FakeTimer {
  private count = 0;
  override request(command: string): Promise<unknown> {
    this.count++;
    if (this.count % 5 === 0) return Promise.reject(new Error('ERR state running'));
    return super.request(command);
  }
}

interface Run {
  readonly host: TableHost<unknown, SecretInvasionState, never, unknown, unknown>;
  readonly lines: () => Line[];
  readonly send: (text: string) => void;
  readonly ended: Promise<unknown>;
  /** Called with each line as it is written (and first with those already written). */
  onLine(listener: (line: Line) => void): void;
}

/** A public stream (every seat played from the input) on a new game; with `timer`, a 30 s turn clock on it. */
function publicStream(players: number, seed: number, deck?: Deck, timer: TableTimerPort | null = null): Run {
  const entry = deck === undefined ? secretInvasionEntry : secretInvasionEntryFor(deck);
  const seats = ['Ana', 'Ben', 'Cy', 'Dee'].slice(0, players).map((name) => ({ name, bot: null }));
  const { host } = TableHost.start(entry, { seats, seed }, { savePath: null, timer, turnSeconds: timer === null ? null : 30 });
  const input = new PassThrough();
  const output = new PassThrough();
  const all: Line[] = [];
  const listeners: ((line: Line) => void)[] = [];
  let partial = '';
  output.on('data', (chunk: Buffer) => {
    partial += chunk.toString();
    const parts = partial.split('\n');
    partial = parts.pop() ?? '';
    for (const part of parts) {
      const line = JSON.parse(part) as Line;
      all.push(line);
      for (const l of listeners) l(line);
    }
  });
  const ended = runTableJson(host, { input, output }, { as: null });
  if (timer !== null) host.startTurnClock();
  return {
    host: host as unknown as Run['host'],
    lines: () => all,
    send: (text) => input.write(`${text}\n`),
    ended,
    onLine: (listener) => {
      // Lines written before the listener came (the start line) are given to it first.
      for (const line of all) listener(line);
      listeners.push(listener);
    },
  };
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The unique deck's card names and ids that appear in `text`, but for the cards' own texts (what a card does names others: public data). */
function cardsNamed(shown: string, deck: Deck): { ids: string[]; names: string[] } {
  const text = deck.characters.reduce((t, c) => t.split(c.summary).join('(summary)'), shown);
  const ids = deck.cards.map((c) => c.id).filter((id) => text.includes(JSON.stringify(id)));
  const names = deck.characters.map((c) => c.name).filter((name) => new RegExp(`${escapeRegExp(name)}(?![A-Za-z])`).test(text));
  return { ids, names };
}

/** Steps the rules refuse for `seat` now, built from what its view shows (its hand, the table), and whole moves of the older format. */
function refusedMoves(view: SecretInvasionView, legal: readonly SecretInvasionStep[], deck: Deck, rng: Random): unknown[] {
  const seat = view.viewer;
  const targets: (PlayerId | null)[] = [null, ...view.players.map((p) => p.id)];
  const candidates: SecretInvasionStep[] = [];
  const characters = rng.shuffle(deck.characters.map((c) => c.id)).slice(0, 4);
  for (const character of [...view.hand.map((c) => c.character), ...characters]) candidates.push({ actor: seat, type: 'discard', character });
  for (const target of targets) candidates.push({ actor: seat, type: 'target', target });
  for (const value of [0, 1, 5, 9]) candidates.push({ actor: seat, type: 'name', value });
  candidates.push({ actor: seat, type: 'undo' }, { actor: seat, type: 'stop-guessing' }, { actor: seat, type: 'guess-again' });
  const legalSet = new Set(legal.map((m) => JSON.stringify(m)));
  const whole = { actor: seat, type: 'discard', character: view.hand[0]?.character ?? 'stormtrooper', target: seat, guess: 5 };
  return [...rng.shuffle(candidates.filter((m) => !legalSet.has(JSON.stringify(m)))).slice(0, 4), whole];
}

describe('the Secret Invasion public JSON stream', () => {
  it('addresses a rejection that names a hand to its seat: a card not held, and Obi-Wan Kenobi held with Darth Vader or Luke Skywalker', async () => {
    // The first seed (3 players) whose deal gives p1 Obi-Wan Kenobi with Darth Vader or Luke Skywalker.
    let found: { seed: number; other: string } | null = null;
    for (let seed = 1; seed < 300 && found === null; seed++) {
      const { host } = TableHost.start(secretInvasionEntry, { seats: ['Ana', 'Ben', 'Cy'].map((name) => ({ name, bot: null })), seed }, { savePath: null });
      await host.settled();
      const hand = host.snapshot('p1').view.hand.map((c) => c.character);
      const other = hand.find((c) => c === 'darth-vader' || c === 'luke-skywalker');
      if (hand.includes('obi-wan-kenobi') && other !== undefined) found = { seed, other };
      await host.close();
    }
    if (found === null) throw new Error('no deal of Obi-Wan Kenobi with Darth Vader or Luke Skywalker');
    const run = publicStream(3, found.seed);
    await until(() => run.lines().some((l) => l['type'] === 'prompt'), 'the first prompt');
    run.send(JSON.stringify({ actor: 'p1', type: 'discard', character: found.other }));
    run.send('99');
    await until(() => run.lines().some((l) => l['type'] === 'error'), 'the rejection and the error');
    const rejected = run.lines().find((l) => l['type'] === 'rejected');
    expect(rejected).toMatchObject({ seat: 'p1', reason: expect.stringMatching(/you hold Obi-Wan Kenobi with (Darth Vader|Luke Skywalker)/) });
    expect(run.lines().find((l) => l['type'] === 'error')).toMatchObject({ seat: 'p1', message: expect.stringMatching(/no choice 99/) });
    run.send('quit');
    await run.ended;
    await run.host.close();

    // A card p1 does not hold: the reason names p1's own hand, to p1 alone.
    const other = publicStream(3, 3);
    await until(() => other.lines().some((l) => l['type'] === 'prompt'), 'the first prompt');
    const prompt = other.lines().find((l) => l['type'] === 'prompt') as { view: SecretInvasionView };
    const held = prompt.view.hand.map((c) => c.name);
    const missing = ['princess-leia', 'han-solo', 'chewbacca'].find((c) => !prompt.view.hand.some((h) => h.character === c)) as string;
    other.send(JSON.stringify({ actor: 'p1', type: 'discard', character: missing }));
    await until(() => other.lines().some((l) => l['type'] === 'rejected'), 'the rejection');
    expect(other.lines().find((l) => l['type'] === 'rejected')).toMatchObject({
      seat: 'p1',
      reason: `you do not hold ${STANDARD_DECK.character(missing).name}; you hold ${held.join(' and ')}`,
    });
    other.send('quit');
    await other.ended;
    await other.host.close();
  });

  it('opens round 1 like every later round: a two-player game announces its three face-up cards', async () => {
    const run = publicStream(2, 7);
    await until(() => run.lines().some((l) => l['type'] === 'prompt'), 'the first prompt');
    const events = run.lines().filter((l) => l['type'] === 'game-event');
    const table = events.filter((l) => !('seat' in l)).map((l) => l['event'] as SecretInvasionEvent);
    const first = table[0];
    expect(first).toMatchObject({ type: 'round-started', round: 1, firstPlayer: 'p1' });
    // The state holds a card as its place in the deck's card list; the events name it by its id.
    const idOf = (card: number | undefined): string | undefined => (card === undefined ? undefined : STANDARD_DECK.cards[card]?.id);
    expect(first?.type === 'round-started' ? first.faceUp : []).toEqual(run.host.state.faceUp.map(idOf));
    expect(run.host.state.faceUp).toHaveLength(3);
    expect(table.map((e) => e.type)).toEqual(['round-started', 'card-dealt', 'card-dealt', 'turn-started', 'card-drawn']);
    for (const e of table) if (e.type === 'card-dealt' || e.type === 'card-drawn') expect(e.card).toBeNull();
    // The seat's own lines tell the opening as that seat may see it: its own card.
    const own = events.filter((l) => l['seat'] === 'p1').map((l) => l['event'] as SecretInvasionEvent);
    expect(own[0]).toMatchObject({ type: 'round-started', round: 1 });
    expect(own.find((e) => e.type === 'card-dealt' && e.player === 'p1')).toMatchObject({ card: idOf(run.host.state.seats[0]?.hand[0]) });
    expect(own.find((e) => e.type === 'card-dealt' && e.player === 'p2')).toMatchObject({ card: null });
    run.send('quit');
    await run.ended;
    await run.host.close();
  });

  it('carries no hidden card on any line without a seat, and a rejection names only what its seat knows, whatever the input', async () => {
    const deck = UNIQUE_DECK;
    let rejections = 0;
    let checked = 0;
    const types = new Set<string>();
    for (const [players, seed, withTimer] of [
      [2, 1, true],
      [3, 2, false],
      [4, 3, true],
      [2, 4, false],
      [3, 5, true],
    ] as const) {
      const timer = withTimer ? new MoodyTimer() : null;
      const run = publicStream(players, seed, deck, timer);
      let prompts = 0;
      const rng = randomFrom(seedRng(seed * 7919));
      /** Cards public so far: face up, discarded, revealed at the end of a round. */
      const publicIds = new Set<string>();
      const lastPrompt = new Map<PlayerId, SecretInvasionView>();
      const problems: string[] = [];
      run.onLine((line) => {
        const type = String(line['type']);
        if (type === 'game-event') {
          const e = line['event'] as SecretInvasionEvent;
          if (e.type === 'round-started') e.faceUp.forEach((c) => publicIds.add(c));
          if (e.type === 'card-discarded') publicIds.add(e.card);
          if (e.type === 'round-ended') e.result.revealed.forEach((r) => publicIds.add(r.card));
        }
        if (type === 'move') {
          const move = line['move'] as SecretInvasionStep;
          // A discard turns its card face up; which copy follows in the events.
          if (move.type === 'discard') deck.cards.filter((c) => c.character === move.character).forEach((c) => publicIds.add(c.id));
        }
        types.add(type);
        const text = JSON.stringify(line);
        const publicNames = new Set([...publicIds].map((id) => deck.character(deck.card(id).character).name));
        if (typeof line['seat'] !== 'string') {
          const named = cardsNamed(text, deck);
          const ids = named.ids.filter((id) => !publicIds.has(id));
          const names = named.names.filter((n) => !publicNames.has(n));
          if (ids.length + names.length > 0) problems.push(`a ${type} line for everyone shows ${[...ids, ...names].join(', ')}: ${text}`);
          checked++;
        }
        if (type === 'rejected') {
          rejections++;
          const seat = line['seat'] as PlayerId;
          const move = line['move'] as SecretInvasionStep;
          const view = lastPrompt.get(seat);
          const knows = new Set([...publicNames, ...(view?.hand ?? []).map((c) => c.name), ...(view?.known ?? []).map((k) => k.card.name)]);
          if (move.type === 'discard' && deck.characters.some((c) => c.id === move.character)) knows.add(deck.character(move.character).name);
          // A second try is Boba Fett's own rule: the move names the card.
          if (move.type !== 'discard') deck.characters.filter((c) => c.effect === 'guess-twice').forEach((c) => knows.add(c.name));
          const told = cardsNamed(String(line['reason']), deck).names.filter((n) => !knows.has(n));
          if (told.length > 0) problems.push(`the rejection for ${seat} names ${told.join(', ')}, which ${seat} does not know: ${text}`);
        }
        if (type === 'prompt') {
          const seat = line['seat'] as PlayerId;
          const view = line['view'] as SecretInvasionView;
          lastPrompt.set(seat, view);
          const legal = (line['choices'] as { n: number; move: SecretInvasionStep }[]).map((c) => c.move);
          const others = view.players.filter((p) => p.id !== seat);
          for (const bad of refusedMoves(view, legal, deck, rng)) run.send(JSON.stringify(bad));
          const other = others[0];
          if (other) run.send(JSON.stringify({ actor: other.id, type: 'discard', character: deck.characters[0]?.id }));
          run.send(String(legal.length + 1 + rng.below(5)));
          run.send('not json');
          run.send('[1, 2]');
          // An answer to the seat's previous prompt (one already answered): refused, to that seat alone.
          run.send(JSON.stringify({ seat, choice: 1, prompt: (line['id'] as number) - 1 }));
          // The timer's news between moves: its reports and the turn clock running out.
          prompts++;
          if (timer !== null && prompts % 3 === 0) {
            timer.emit({ name: 'WARN', leftMs: 10_000 });
            timer.emit({ name: 'TIMEOUT' });
          }
          run.send(String(1 + rng.below(legal.length)));
        }
      });
      await run.ended;
      expect(problems).toEqual([]);
      expect(run.lines().at(-1)).toMatchObject({ type: 'result', winners: [expect.any(String)] });
      for (const line of run.lines().filter((l) => ['rejected', 'prompt', 'view', 'move'].includes(String(l['type']))))
        expect(typeof line['seat']).toBe('string');
      const stale = run.lines().filter((l) => l['type'] === 'error' && /is out of date/.test(String(l['message'])));
      expect(stale.length).toBeGreaterThan(0);
      for (const line of stale) expect(line).toMatchObject({ seat: expect.any(String), prompt: expect.any(Number) });
      await run.host.close();
    }
    // Every kind of line the stream writes was checked.
    expect([...types].sort()).toEqual([
      'error',
      'game-event',
      'move',
      'note',
      'prompt',
      'rejected',
      'result',
      'start',
      'table',
      'timer-command',
      'timer-event',
      'view',
    ]);
    expect(rejections).toBeGreaterThan(500);
    expect(checked).toBeGreaterThan(1000);
  });
});
