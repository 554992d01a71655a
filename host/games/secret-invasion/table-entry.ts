// Secret Invasion's table entry: what the game brings to the table front end (host/table/) and
// so to every front end on it (the terminal, the JSON stream, the browser). Its renderer takes
// its words from `screens.ts` (`eventLines`, `handLines`) and labels each step of a discard
// (`step-labels.ts`: a card's one-line summary as the hint, a warning first where the step puts
// you out); its bots are the random one and the card-counting one; the timer is a table device
// whose sounds are `timer-commands.ts`'s (the turn clock is the host's). The entry is built for a
// deck (`secretInvasionEntryFor`): the boxed one, or a test's whose every card has a name of its own.

import type { ActorId } from '../../engine/table-game.ts';
import { randomTableBot, viewBot } from '../../engine/table-play.ts';
import type { TableEntry, TableRenderer, TimerCommand } from '../../table/entry.ts';
import { PLAIN } from '../../ui/terminal/style.ts';
import { STANDARD_DECK, type Deck } from './deck.ts';
import type { SecretInvasionConfig, SecretInvasionEvent, SecretInvasionState, SecretInvasionStep, SecretInvasionView } from './model.ts';
import { eventLines, handLines } from './screens.ts';
import { stepLabel, stepPlace } from './step-labels.ts';
import { createSecretInvasionTable, secretInvasionTable } from './table-game.ts';
import { TABLE_SOUNDS, timerCommandsFor } from './timer-commands.ts';
import { trackingStepBot } from './tracking-bot.ts';
import { cardView } from './view.ts';

type Names = Readonly<Record<ActorId, string>>;
type Renderer = TableRenderer<SecretInvasionView, SecretInvasionStep, SecretInvasionEvent>;
type Entry = TableEntry<SecretInvasionConfig, SecretInvasionState, SecretInvasionStep, SecretInvasionView, SecretInvasionEvent>;

/** The renderer for a game played with `deck`. */
export function secretInvasionRendererFor(deck: Deck): Renderer {
  const card = (id: string) => cardView(deck, id);
  return {
    viewLines(view, names: Names) {
      const lines = view.players.map(
        (p) =>
          `${p.id === view.turnPlayer ? '>' : ' '} ${names[p.id] ?? p.name}: ${p.tokens} token${p.tokens === 1 ? '' : 's'}, ${p.inRound ? `${p.handCount} card${p.handCount === 1 ? '' : 's'}` : 'out'}; discards ${p.discards.map((c) => c.name).join(', ') || 'none'}`,
      );
      lines.push(`Deck: ${view.deckCount} ${view.deckCount === 1 ? 'card' : 'cards'}`);
      for (const k of view.known) lines.push(`you know ${names[k.player] ?? k.player} holds ${k.card.name}`);
      if (view.players.some((p) => p.id === view.viewer)) lines.push(...handLines(view, PLAIN));
      return lines;
    },
    moveLabel(move, view, names) {
      return stepLabel(move, view, deck, names);
    },
    menuPlace: stepPlace,
    eventLines(e, viewer, names) {
      return eventLines(e, { viewer, name: (id) => names[id] ?? id }, card, PLAIN);
    },
  };
}

export const secretInvasionRenderer: Renderer = secretInvasionRendererFor(STANDARD_DECK);

/** `timer-commands.ts`'s sounds for a move's events, as the table host's commands (the host runs the turn clock itself). */
function soundsFor(events: readonly SecretInvasionEvent[]): TimerCommand[] {
  return timerCommandsFor(events, { turnSeconds: null }).map((line): TimerCommand => {
    const sound = line.replace(/^PLAY /, '');
    if (!Object.hasOwn(TABLE_SOUNDS, sound))
      throw new Error(`Secret Invasion's timer commands gave "${line}", which is not one of its sounds (${Object.keys(TABLE_SOUNDS).join(', ')})`);
    return { play: sound as keyof typeof TABLE_SOUNDS };
  });
}

/** The entry for a game played with `deck`. */
export function secretInvasionEntryFor(deck: Deck): Entry {
  return {
    game: deck === STANDARD_DECK ? secretInvasionTable : createSecretInvasionTable(deck),
    renderer: deck === STANDARD_DECK ? secretInvasionRenderer : secretInvasionRendererFor(deck),
    bots: [
      { id: 'random', text: 'plays any legal move', make: () => randomTableBot<SecretInvasionState, SecretInvasionStep, SecretInvasionView>() },
      { id: 'tracking', text: 'counts the cards it has seen', make: () => viewBot('tracking', trackingStepBot(deck)) },
    ],
    defaultBot: 'tracking',
    configFor: (names) => ({ players: names.map((name) => ({ name })) }),
    timer: { kind: 'device', commandsFor: soundsFor },
  };
}

export const secretInvasionEntry: Entry = secretInvasionEntryFor(STANDARD_DECK);
