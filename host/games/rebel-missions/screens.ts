// Rebel Missions as words for the table front ends (host/table/): the board from a view (the
// codes found, the face-up mission with what it needs and what is still missing, each player's
// tokens and ability, the dice and the code to enter), the countdown as a bar with mm:ss, a
// menu label with a hint for each legal move, and each event told from the viewer's side ("you
// draw Fuel"). Pure functions of what the viewer may see: no I/O, no state.

import type { ActorId } from '../../engine/table-game.ts';
import { PLAIN, type Style } from '../../ui/terminal/style.ts';
import type { Catalog } from './catalog.ts';
import { CHOPPER } from './load.ts';
import type { DieFace } from './schema.ts';
import { dieLabel, dieTaken, resourceName, symbolGlyph } from './glyphs.ts';
import type { RebelMissionsEvent, RebelMissionsView, RebelTableMove } from './model.ts';

type Names = Readonly<Record<ActorId, string>>;

export const BAR_WIDTH = 24;

/** "1 mission", "2 missions". */
const counted = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** mm:ss, rounding up as a countdown does. */
export function formatClock(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The countdown as the table shows it: the time left, its full length, whether it runs. */
export interface ClockShown {
  readonly leftMs: number | null;
  readonly totalMs: number | null;
  readonly state: 'waiting' | 'running' | 'paused' | 'stopped';
}

/** The timer as a bar with mm:ss and what to press when it is paused or stopped; `over`: the game has ended. */
export function timerLine(clock: ClockShown, style: Style = PLAIN, over = false): string {
  const triangle = symbolGlyph('triangle');
  if (clock.leftMs === null) return `Timer  ${style.dim('░'.repeat(BAR_WIDTH))}  --:--  press ${triangle} on the timer to start`;
  const total = clock.totalMs !== null && clock.totalMs > 0 ? clock.totalMs : clock.leftMs;
  const fraction = total > 0 ? Math.min(1, Math.max(0, clock.leftMs / total)) : 0;
  const full = Math.round(fraction * BAR_WIDTH);
  const colour = clock.leftMs <= 60_000 ? style.red : clock.leftMs <= total / 3 ? style.yellow : style.green;
  const bar = colour('█'.repeat(full)) + style.dim('░'.repeat(BAR_WIDTH - full));
  const state =
    clock.state === 'paused'
      ? `  paused: press ${triangle} on the timer to resume`
      : clock.state === 'stopped'
        ? clock.leftMs > 0 && !over
          ? `  stopped: press ${triangle} on the timer to carry on`
          : '  stopped'
        : '';
  return `Timer  ${bar}  ${style.bold(formatClock(clock.leftMs))}${state}`;
}

/** A code as the timer's symbols: "◆ ● ■". */
export function codeGlyphs(symbols: readonly string[]): string {
  return symbols.map(symbolGlyph).join(' ');
}

export function diceLine(faces: readonly DieFace[]): string {
  return faces.map((f) => `[${dieLabel(f)}]`).join(' ');
}

function nameIn(view: RebelMissionsView, names: Names, id: string): string {
  return names[id] ?? view.players.find((p) => p.id === id)?.name ?? id;
}

function tokenSummary(tokens: readonly { kind: string }[]): string {
  if (tokens.length === 0) return 'none';
  const counts = new Map<string, number>();
  for (const t of tokens) counts.set(t.kind, (counts.get(t.kind) ?? 0) + 1);
  return [...counts].map(([kind, n]) => (n > 1 ? `${resourceName(kind)} ×${n}` : resourceName(kind))).join(', ');
}

export function placardLines(view: RebelMissionsView, names: Names, style: Style = PLAIN): string[] {
  const p = view.placard;
  if (p === null) return [`Mission  ${style.dim('none yet: the placards are being shuffled')}`];
  const title = p.inquisitor ? style.red(`INQUISITOR: ${p.name}`) : style.bold(p.name);
  const code = p.code === null ? style.dim('no code') : `code ${codeGlyphs(p.codeSymbols)}`;
  const lines = [`Mission  ${title}  ${style.dim(`(${p.id})`)}  ${code}`];
  if (p.tokens.some((t) => t.kind === CHOPPER)) {
    lines.push(`  needs   ${style.green(`completed by ${resourceName(CHOPPER)} ✔`)}`);
  } else {
    const needs = Object.entries(p.needs).map(([kind, n]) => {
      const missing = p.missing[kind] ?? 0;
      const text = `${resourceName(kind)} ${n - missing}/${n}`;
      return missing === 0 ? style.green(`${text} ✔`) : `${text} ${style.yellow(`(missing ${missing})`)}`;
    });
    lines.push(`  needs   ${needs.join('   ')}`);
  }
  const played = [
    ...p.tokens.map((t) => resourceName(t.kind)),
    ...p.abilities.map((a) => `${nameIn(view, names, a.player)}'s ability (${resourceName(a.resource)})`),
  ];
  if (played.length > 0) lines.push(`  played  ${played.join(', ')}`);
  return lines;
}

export function playerLines(view: RebelMissionsView, names: Names, style: Style = PLAIN): string[] {
  const lines: string[] = [];
  for (const p of view.players) {
    const holdsDice = p.id === view.turnPlayer && view.stage !== 'awaiting-start';
    const marker = holdsDice ? style.cyan('▶') : ' ';
    const waiting = view.stage === 'all-play' && view.allPlayWaiting.includes(p.id) ? style.cyan('  (may play)') : '';
    const used = p.abilityUsedThisTurn ? style.dim(' (used this turn)') : '';
    const you = p.id === view.viewer ? ' (you)' : '';
    lines.push(
      `${marker} ${style.bold(`${nameIn(view, names, p.id)}${you}`.padEnd(10))} ${p.profileName}: ${p.ability.name}, counts as one ${resourceName(p.ability.countsAs)}${used}${waiting}`,
    );
    lines.push(`    Tokens: ${tokenSummary(p.hand)}`);
  }
  return lines;
}

/** The code the players must press on the timer now, or nothing. */
export function codeRequestLines(view: RebelMissionsView, style: Style = PLAIN): string[] {
  const r = view.request;
  if (r === null) return [];
  return [
    style.bold(style.magenta(`Mission complete! Enter the code on the timer:  ${codeGlyphs(r.symbols)}`)) + style.dim(`  (${r.symbols.join(', ')})`),
    style.dim('  CHIME = correct, BUZZ = decoy. Slipped? Press the last button again until it buzzes, then enter the code again.'),
  ];
}

/** The whole table, top to bottom (the live countdown is the front end's timer line, beside it). */
export function boardLines(view: RebelMissionsView, names: Names, style: Style = PLAIN): string[] {
  const turn =
    view.stage === 'awaiting-start'
      ? 'waiting for the timer to start'
      : `turn ${view.turnNumber}: ${nameIn(view, names, view.turnPlayer)}${view.turnPlayer === view.viewer ? ' (you)' : ''} holds the dice`;
  const lines = [
    `${style.bold('━━ Star Wars: Rebel Missions ━━')}  ${turn}`,
    `Codes  ${counted(view.codesFound, 'correct code', 'correct codes')} found`,
    ...placardLines(view, names, style),
    ...playerLines(view, names, style),
    style.dim(`Piles  ${counted(view.tokenPileCount, 'token', 'tokens')} face down, ${counted(view.placardPileCount, 'mission', 'missions')} face down`),
  ];
  if (view.dice !== null) lines.push(`Dice   ${diceLine(view.dice)}`);
  lines.push(...codeRequestLines(view, style));
  return lines;
}

/** A legal move as a menu line and what it does (the die's effect, the ability's text, what the token counts for). */
export function moveLabel(move: RebelTableMove, view: RebelMissionsView): { label: string; hint?: string } {
  switch (move.type) {
    case 'roll':
      return { label: 'Roll the dice', hint: 'roll both Rebel dice, then take one' };
    case 'choose': {
      const face = view.dice?.[move.die];
      if (face === undefined) return { label: `Take die ${move.die + 1}` };
      return { label: `Take ${dieLabel(face)}`, hint: dieTaken(face) };
    }
    case 'end-turn':
      return { label: 'End the turn', hint: 'pass the dice to the left' };
    case 'play-token': {
      const me = view.players.find((p) => p.id === move.actor);
      const kind = me?.hand.find((t) => t.id === move.token)?.kind ?? move.token;
      const held = me?.hand.filter((t) => t.kind === kind).length ?? 0;
      const hint =
        kind === CHOPPER
          ? 'completes any mission but an Inquisitor'
          : `one ${resourceName(kind)} toward ${view.placard === null ? 'the mission' : `"${view.placard.name}"`}`;
      return { label: `Play ${resourceName(kind)}${held > 1 ? ` (${held} held)` : ''}`, hint };
    }
    case 'use-ability': {
      const me = view.players.find((p) => p.id === move.actor);
      return { label: `Use ${me?.ability.name ?? 'your ability'}`, hint: me?.ability.text ?? 'counts as one resource toward the mission' };
    }
    case 'finish':
      return { label: 'Done playing', hint: view.stage === 'all-play' ? 'leave the All Play; the turn ends when everyone is done' : 'the turn ends' };
    default:
      return { label: JSON.stringify(move) };
  }
}

/** One event, told from `viewer`'s side ("you", else the name); [] when there is nothing to say. */
export function eventLines(catalog: Catalog, event: RebelMissionsEvent, viewer: ActorId, names: Names, style: Style = PLAIN): string[] {
  const who = (id: string): string => (id === viewer ? 'You' : style.bold(names[id] ?? id));
  const verb = (id: string, you: string, other: string): string => (id === viewer ? you : other);
  const kind = (token: string): string => resourceName(catalog.token(token).kind);
  const line = ((): string | null => {
    switch (event.type) {
      case 'set-up-shuffled':
        return style.dim(
          event.pile === 'tokens'
            ? `The ${event.count} resource tokens are mixed face down.`
            : `The ${event.count} mission placards are shuffled face down; the top one is turned over.`,
        );
      case 'game-started':
        return style.green(`The timer is running: ${formatClock(event.leftMs)} to complete the missions.`);
      case 'turn-started':
        return style.cyan(`— Turn ${event.turnNumber}: ${event.player === viewer ? 'you take' : `${names[event.player] ?? event.player} takes`} the dice —`);
      case 'dice-rolled':
        return `${who(event.player)} ${verb(event.player, 'roll', 'rolls')} ${diceLine(event.faces)}`;
      case 'die-chosen':
        return `${who(event.player)} ${verb(event.player, 'take', 'takes')} ${dieLabel(event.face)}`;
      case 'tokens-drawn': {
        const drawn = event.tokens.length === 0 ? 'nothing' : event.tokens.map(kind).join(', ');
        const short = event.tokens.length < event.wanted ? style.dim(` (only ${event.tokens.length} left to draw)`) : '';
        return `${who(event.player)} ${verb(event.player, 'draw', 'draws')} ${drawn}${short}`;
      }
      case 'token-pile-reshuffled':
        return style.dim(`The ${event.count} discarded tokens are shuffled into a new pile.`);
      case 'token-played':
        return `${who(event.player)} ${verb(event.player, 'play', 'plays')} ${resourceName(event.kind)} on the mission`;
      case 'ability-used': {
        const profile = catalog.components.profiles.find((p) => p.ability.countsAs === event.resource);
        return `${who(event.player)} ${verb(event.player, 'use', 'uses')} ${profile?.ability.name ?? 'an ability'} (one ${resourceName(event.resource)})`;
      }
      case 'all-play-opened':
        return style.cyan('All Play: everyone may play tokens and abilities now.');
      case 'player-finished':
        return style.dim(`${event.player === viewer ? 'You are' : `${names[event.player] ?? event.player} is`} done playing.`);
      case 'mission-completed':
        return style.green(`Mission complete${event.byChopper ? ' (Chopper!)' : ''}: ${catalog.placard(event.placard).name}.`);
      case 'code-requested':
        return style.bold(style.magenta(`Enter the code on the timer: ${codeGlyphs(event.request.symbols)}  (${event.request.symbols.join(', ')})`));
      case 'code-accepted':
        return style.green(`A correct code: ${event.found} found.`);
      case 'code-rejected':
        return event.reason === 'decoy' ? style.red('A decoy. Pass the dice.') : style.red('That code was already accepted this game. Pass the dice.');
      case 'code-retry':
        return event.reason === 'mistake'
          ? style.yellow('A slip on the buttons: enter the code again.')
          : style.yellow('The entry was left unfinished: enter the code again.');
      case 'placard-discarded':
        return null;
      case 'placard-pile-reshuffled':
        return style.dim(
          event.count === 1 ? 'The 1 discarded mission is shuffled into a new pile.' : `The ${event.count} discarded missions are shuffled into a new pile.`,
        );
      case 'placard-flipped': {
        const name = catalog.placard(event.placard).name;
        return event.inquisitor ? style.red(style.bold(`The INQUISITOR appears: ${name}!`)) : `New mission face up: ${name}.`;
      }
      case 'inquisitor-discard': {
        const lost = event.discarded
          .filter((d) => d.tokens.length > 0)
          .map((d) => `${d.player === viewer ? 'you' : (names[d.player] ?? d.player)} ${d.tokens.length}`);
        return style.red(`Everyone discards their tokens${lost.length > 0 ? ` (${lost.join(', ')})` : ''}.`);
      }
      case 'abilities-lapsed': {
        const used = event.abilities.map((a) => `${a.player === viewer ? 'your' : `${names[a.player] ?? a.player}'s`} ${resourceName(a.resource)}`).join(', ');
        return style.yellow(
          `The turn is over and the mission is not complete: the abilities used (${used}) no longer count toward it. The tokens played stay.`,
        );
      }
      case 'turn-ended':
        return event.reason === 'double-empire'
          ? style.red(`Two Empire symbols: ${event.player === viewer ? 'your' : `${names[event.player] ?? event.player}'s`} turn is over.`)
          : null;
      case 'time-left':
        return null;
      case 'game-won':
        return style.green(style.bold(`FANFARE! The Rebels win with ${event.found} correct codes.`));
      case 'game-lost':
        return style.red(style.bold('Time ran out: the Empire wins this time.'));
    }
  })();
  return line === null ? [] : [line];
}
