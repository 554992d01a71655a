// The Rebel dice as the engine's dice data (engine/chance.ts): each face kind of
// `data/dice.json` with how many of the six sides show it (a face listed twice is twice as
// likely) and what it is worth. The chance decision of a roll lists these dice, so the runner
// samples them with exactly the odds of the data, and a table rolling its own dice enters the
// faces by these ids (each shown with its picture and name from data/glyphs.json).

import type { ChanceSpec, Die } from '../../engine/chance.ts';
import type { Components } from './load.ts';
import type { DieFace } from './schema.ts';
import { GLYPHS } from './glyphs.ts';

/** What each face is worth, by name (tokens drawn); the rules in play.ts act on the face id. */
const FACE_VALUES: Readonly<Record<DieFace, Readonly<Record<string, number>>>> = {
  'single-token': { tokens: 1 },
  'double-token': { tokens: 2 },
  play: { play: 1 },
  'all-play': { 'all-play': 1 },
  empire: { empire: 1 },
};

/**
 * One Rebel die from the components' faces, in the order the data first lists each face; each face
 * with the picture and name the table front ends draw it with (data/glyphs.json), so a table
 * rolling its own dice sees "⬢⬢ Double Token" where it picks the face rolled.
 */
export function rebelDie(components: Components): Die {
  const faces: { id: DieFace; count: number; values: Readonly<Record<string, number>>; symbol: string; name: string }[] = [];
  for (const face of components.dice.faces) {
    const known = faces.find((f) => f.id === face);
    if (known) known.count += 1;
    else faces.push({ id: face, count: 1, values: FACE_VALUES[face], symbol: GLYPHS.dice[face].glyph, name: GLYPHS.dice[face].name });
  }
  return { id: 'rebel', name: 'Rebel die', faces };
}

const specs = new WeakMap<Components, ChanceSpec>();

/** The chance decision's spec for a roll: the components' dice (two), made once per set of components. */
export function rollSpec(components: Components): ChanceSpec {
  let spec = specs.get(components);
  if (spec === undefined) {
    const die = rebelDie(components);
    spec = { kind: 'roll', dice: Array.from({ length: components.dice.count }, () => die) };
    specs.set(components, spec);
  }
  return spec;
}
