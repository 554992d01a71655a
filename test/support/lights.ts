// The light patterns of firmware/lights.json, read as the firmware's build reads them, so tests
// can name a cue's faces and length without copying them.
import lightsJson from '../../firmware/lights.json' with { type: 'json' };

export type CueName = keyof typeof lightsJson.cues;

export const CUE_NAMES = Object.keys(lightsJson.cues) as CueName[];

/** A face as the `leds` mask: bar segment k is bit k, found light j (1..4) is bit 9 + j. */
export function faceMask(face: string): number {
  const [bar = '', found = ''] = face.split('|');
  let mask = 0;
  [...bar].forEach((c, k) => {
    if (c === '#') mask |= 1 << k;
  });
  [...found].forEach((c, j) => {
    if (c === '#') mask |= 1 << (10 + j);
  });
  return mask;
}

/** A cue's frames as [mask, ms]. */
export function cueFrames(cue: CueName): [number, number][] {
  return (lightsJson.cues[cue] as [string, number][]).map(([face, ms]) => [faceMask(face), ms]);
}

/** How long a cue's pattern shows, in ms. */
export function cueLengthMs(cue: CueName): number {
  return cueFrames(cue).reduce((sum, [, ms]) => sum + ms, 0);
}
