// Shared set-up for the Secret Invasion companion tests: a deck in which every card has a name of
// its own (so a screen naming a card names exactly one card), sessions, and bot play.
import { join } from 'node:path';
import charactersJson from '../../host/games/secret-invasion/data/characters.json' with { type: 'json' };
import rulesJson from '../../host/games/secret-invasion/data/rules.json' with { type: 'json' };
import { randomBot, randomFrom, seedRng, startMatch } from '../../host/engine/index.ts';
import { loadDeck, STANDARD_DECK, type Deck } from '../../host/games/secret-invasion/deck.ts';
import { createSecretInvasion } from '../../host/games/secret-invasion/game.ts';
import type { SecretInvasionMove, SecretInvasionView } from '../../host/games/secret-invasion/model.ts';
import { trackingBot } from '../../host/games/secret-invasion/tracking-bot.ts';
import { testTempDir } from '../support/temp-dir.ts';
import type { SecretInvasionMatch, SecretInvasionSession } from '../../host/companion/secret-invasion/session.ts';

interface CharacterEntry {
  id: string;
  name: string;
  count: number;
  mustDiscardWith?: string[];
  [key: string]: unknown;
}

/** The boxed deck with every copy made a character of its own ("Stormtrooper B"), same values and effects. */
export function uniqueNameDeck(): Deck {
  const source = charactersJson as unknown as { characters: CharacterEntry[] } & Record<string, unknown>;
  const split = (c: CharacterEntry): string[] => (c.count === 1 ? [c.id] : Array.from({ length: c.count }, (_, i) => `${c.id}-${String.fromCharCode(97 + i)}`));
  const idsOf = new Map(source.characters.map((c) => [c.id, split(c)]));
  const characters = source.characters.flatMap((c) =>
    split(c).map((id, i) => ({
      ...c,
      id,
      name: c.count === 1 ? c.name : `${c.name} ${String.fromCharCode(65 + i)}`,
      count: 1,
      ...(c.mustDiscardWith ? { mustDiscardWith: c.mustDiscardWith.flatMap((m) => idsOf.get(m) ?? [m]) } : {}),
    })),
  );
  return loadDeck({ characters: { ...source, characters }, rules: rulesJson });
}

export const UNIQUE_DECK = uniqueNameDeck();
export const UNIQUE_GAME = createSecretInvasion(UNIQUE_DECK);

export function namesOf(players: number): { players: { name: string }[] } {
  return { players: ['Ana', 'Ben', 'Cy', 'Dee'].slice(0, players).map((name) => ({ name })) };
}

export function newMatch(players: number, seed: number, deck: Deck = STANDARD_DECK): SecretInvasionMatch {
  return startMatch(createSecretInvasion(deck), namesOf(players), seed);
}

export function tempSavePath(): string {
  return join(testTempDir('secret-invasion-'), 'secret-invasion.save.json');
}

type AnyBot = (view: SecretInvasionView, legal: readonly SecretInvasionMove[], rng: ReturnType<typeof randomFrom>) => SecretInvasionMove;

/** Plays `moves` bot moves (or to the end); half the seeds use the tracking bot. */
export function botMoves(session: SecretInvasionSession, seed: number, moves = 100_000): void {
  const rng = randomFrom(seedRng(seed));
  const bot: AnyBot = seed % 2 === 0 ? randomBot() : trackingBot(session.deck);
  for (let i = 0; i < moves && !session.over; i++) {
    const actor = session.playerToMove();
    if (actor === null) return;
    const step = session.play(bot(session.view(actor), session.legalMoves(actor), rng));
    if (!step.ok) throw new Error(step.reason);
  }
}

/** Lets the link deliver every line already sent (they arrive on microtasks and timers). */
export function settle(ms = 10): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
