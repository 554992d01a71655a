// What must hold in every Rebel Missions state: every token and every placard is in exactly
// one place, the stage and its fields agree, and nothing sits on a placard that it does not
// need. The random-playout tests check these after every move; a loader can check a state.

import { CHOPPER } from './load.ts';
import { missionComplete, type Catalog } from './catalog.ts';
import type { RebelMissionsState } from './model.ts';

/** Every id of `all` in exactly one place: a fast count, then a detailed report only on failure. */
function accountFor(kind: string, all: ReadonlyMap<string, number>, places: Record<string, readonly string[]>): string[] {
  const seen = new Uint8Array(all.size);
  let ok = true;
  for (const ids of Object.values(places)) {
    for (const id of ids) {
      const index = all.get(id);
      if (index === undefined || seen[index] === 1) ok = false;
      else seen[index] = 1;
    }
  }
  if (ok && seen.every((x) => x === 1)) return [];
  const problems: string[] = [];
  const where = new Map<string, string>();
  for (const [place, ids] of Object.entries(places)) {
    for (const id of ids) {
      const other = where.get(id);
      if (other !== undefined) problems.push(`${kind} ${id} is both in ${other} and in ${place}`);
      else if (!all.has(id)) problems.push(`unknown ${kind} ${id} in ${place}`);
      where.set(id, place);
    }
  }
  for (const id of all.keys()) if (!where.has(id)) problems.push(`${kind} ${id} is missing`);
  return problems;
}

const tokenIndexes = new WeakMap<Catalog, ReadonlyMap<string, number>>();
const placardIndexes = new WeakMap<Catalog, ReadonlyMap<string, number>>();

function allTokens(catalog: Catalog): ReadonlyMap<string, number> {
  let map = tokenIndexes.get(catalog);
  if (!map) tokenIndexes.set(catalog, (map = new Map(catalog.components.tokens.map((t, i) => [t.id, i]))));
  return map;
}

function allPlacards(catalog: Catalog): ReadonlyMap<string, number> {
  let map = placardIndexes.get(catalog);
  if (!map) placardIndexes.set(catalog, (map = new Map(catalog.components.placards.map((p, i) => [p.id, i]))));
  return map;
}

export function stateProblems(catalog: Catalog, s: RebelMissionsState): string[] {
  const problems: string[] = [];
  const tokenPlaces: Record<string, readonly string[]> = {
    'the token pile': s.tokenPile,
    'the token discard': s.tokenDiscard,
    'the placard': s.placardTokens,
  };
  for (const seat of s.seats) tokenPlaces[`${seat.id}'s hand`] = seat.hand;
  problems.push(...accountFor('token', allTokens(catalog), tokenPlaces));
  problems.push(
    ...accountFor('placard', allPlacards(catalog), {
      'the placard pile': s.placardPile,
      'the placard discard': s.placardDiscard,
      'the table': [s.placard],
    }),
  );
  if (problems.length > 0) return problems;

  const seatIds = s.seats.map((x) => x.id);
  if (!seatIds.includes(s.turnPlayer)) problems.push(`the turn player ${s.turnPlayer} is not seated`);
  if (s.allPlayWaiting.some((p) => !seatIds.includes(p))) problems.push('an unseated player is in the All Play window');
  if (new Set(s.abilityUsedBy).size !== s.abilityUsedBy.length) problems.push('an ability was used twice in one turn');
  for (const use of s.placardAbilities) {
    if (!s.abilityUsedBy.includes(use.player)) problems.push(`${use.player}'s ability is on the placard but not marked used`);
  }
  problems.push(...placardProblems(catalog, s));
  // A finished game keeps the table as it was when it ended; the stage rules apply while it runs.
  if (s.stage !== 'won' && s.stage !== 'lost') problems.push(...stageProblems(catalog, s));
  return problems;
}

function placardProblems(catalog: Catalog, s: RebelMissionsState): string[] {
  const problems: string[] = [];
  const placard = catalog.placard(s.placard);
  const counts: Record<string, number> = {};
  for (const t of s.placardTokens) {
    const kind = catalog.token(t).kind;
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  for (const [kind, n] of Object.entries(counts)) {
    if (kind === CHOPPER) {
      if (placard.inquisitor) problems.push(`a Chopper token is on the Inquisitor placard ${placard.id}`);
      if (n > 1) problems.push(`${n} Chopper tokens on placard ${placard.id}`);
    } else if (n > (placard.needs[kind] ?? 0)) {
      problems.push(`${n} ${kind} tokens on placard ${placard.id}, which needs ${placard.needs[kind] ?? 0}`);
    }
  }
  return problems;
}

function stageProblems(catalog: Catalog, s: RebelMissionsState): string[] {
  const problems: string[] = [];
  const stage = s.stage;
  if ((s.codeRequest !== null) !== (stage === 'enter-code')) problems.push(`a code request must exist exactly in enter-code (stage ${stage})`);
  if ((s.dice !== null) !== (stage === 'choose')) problems.push(`dice must be showing exactly while choosing (stage ${stage})`);
  if (s.allPlayWaiting.length > 0 !== (stage === 'all-play')) {
    problems.push(`the All Play window must be open exactly in all-play (stage ${stage})`);
  }
  if ((s.timeLeftMs === null) !== (stage === 'awaiting-start')) problems.push('the time left must be known exactly once the timer has started');
  if (stage !== 'awaiting-start' && stage !== 'enter-code' && missionComplete(catalog, s)) {
    problems.push(`mission ${s.placard} is complete but was not resolved`);
  }
  return problems;
}
