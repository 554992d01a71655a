// The table as lines of text: the timer's progress bar, the codes found, the face-up mission
// with what it needs and what is still missing, each player's tokens and ability, the dice and
// the code to enter. Pure functions of a view and the timer's clock: no I/O.

import { CHOPPER, type DieFace, type RebelMissionsView } from '../../../games/rebel-missions/index.ts';
import type { TimerClock } from '../../../companion/rebel-missions/session.ts';
import { PLAIN, type Style } from '../style.ts';
import { dieLabel, resourceName, symbolGlyph } from './glyphs.ts';

export const BAR_WIDTH = 24;

/** mm:ss, rounding up as a countdown does. */
export function formatClock(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The timer as a bar with mm:ss; `over`: the game has ended (a stopped clock then needs nothing). */
export function timerLine(clock: TimerClock, style: Style = PLAIN, over = false): string {
  if (clock.leftMs === null) return `Timer  ${style.dim('░'.repeat(BAR_WIDTH))}  --:--  press ${symbolGlyph('triangle')} on the timer to start`;
  const total = clock.totalMs !== null && clock.totalMs > 0 ? clock.totalMs : clock.leftMs;
  const fraction = total > 0 ? Math.min(1, Math.max(0, clock.leftMs / total)) : 0;
  const full = Math.round(fraction * BAR_WIDTH);
  const colour = clock.leftMs <= 60_000 ? style.red : clock.leftMs <= total / 3 ? style.yellow : style.green;
  const bar = colour('█'.repeat(full)) + style.dim('░'.repeat(BAR_WIDTH - full));
  const triangle = symbolGlyph('triangle');
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

export function codesLine(found: number, need: number | null, style: Style = PLAIN): string {
  if (need === null) return `Codes  ${found} correct code${found === 1 ? '' : 's'} found`;
  const marks = Array.from({ length: Math.max(need, found) }, (_, i) => (i < found ? style.green('✔') : style.dim('·'))).join(' ');
  return `Codes  ${marks}  ${found} of ${need} found`;
}

/** A code as the timer's symbols: "◆ ● ■". */
export function codeGlyphs(symbols: readonly string[]): string {
  return symbols.map(symbolGlyph).join(' ');
}

export function diceLine(faces: readonly DieFace[]): string {
  return faces.map((f) => `[${dieLabel(f)}]`).join(' ');
}

function playerName(view: RebelMissionsView, id: string): string {
  return view.players.find((p) => p.id === id)?.name ?? id;
}

function tokenSummary(tokens: readonly { kind: string }[]): string {
  if (tokens.length === 0) return 'none';
  const counts = new Map<string, number>();
  for (const t of tokens) counts.set(t.kind, (counts.get(t.kind) ?? 0) + 1);
  return [...counts].map(([kind, n]) => (n > 1 ? `${resourceName(kind)} ×${n}` : resourceName(kind))).join(', ');
}

export function placardLines(view: RebelMissionsView, style: Style = PLAIN): string[] {
  const p = view.placard;
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
    ...p.abilities.map((a) => `${playerName(view, a.player)}'s ability (${resourceName(a.resource)})`),
  ];
  if (played.length > 0) lines.push(`  played  ${played.join(', ')}`);
  return lines;
}

export function playerLines(view: RebelMissionsView, style: Style = PLAIN): string[] {
  const lines: string[] = [];
  for (const p of view.players) {
    const holdsDice = p.id === view.turnPlayer && view.stage !== 'awaiting-start';
    const marker = holdsDice ? style.cyan('▶') : ' ';
    const waiting = view.stage === 'all-play' && view.allPlayWaiting.includes(p.id) ? style.cyan('  (may play)') : '';
    const used = p.abilityUsedThisTurn ? style.dim(' (used this turn)') : '';
    lines.push(
      `${marker} ${style.bold(p.name.padEnd(10))} ${p.profileName}: ${p.ability.name}, counts as one ${resourceName(p.ability.countsAs)}${used}${waiting}`,
    );
    lines.push(`    tokens: ${tokenSummary(p.hand)}`);
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

export interface BoardInput {
  readonly view: RebelMissionsView;
  readonly clock: TimerClock;
  /** Correct codes the timer needs to win, when known. */
  readonly need: number | null;
  readonly title: string;
}

/** The whole table, top to bottom. */
export function boardLines(input: BoardInput, style: Style = PLAIN): string[] {
  const { view } = input;
  const turn =
    view.stage === 'awaiting-start' ? 'waiting for the timer to start' : `turn ${view.turnNumber}: ${playerName(view, view.turnPlayer)} holds the dice`;
  const lines = [
    `${style.bold(`━━ ${input.title} ━━`)}  ${turn}`,
    timerLine(input.clock, style, input.view.stage === 'won' || input.view.stage === 'lost'),
    codesLine(view.codesFound, input.need, style),
    ...placardLines(view, style),
    ...playerLines(view, style),
    style.dim(`Piles  ${view.tokenPileCount} tokens face down, ${view.placardPileCount} missions face down`),
  ];
  if (view.dice !== null) lines.push(`Dice   ${diceLine(view.dice)}`);
  lines.push(...codeRequestLines(view, style));
  return lines;
}
