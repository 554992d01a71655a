// The walkthrough of `imperial-timer pack`: a person types the codes printed on their placards
// and the companion checks each one as it arrives (shown back as the timer's symbols), then the
// placard ids, the names and needs (the companion's placards' or typed in), the Inquisitor
// placards, and a summary to confirm or correct. Pure dialogue over a Prompter: no files, no
// timer (the command saves and loads what this returns). Input that ends, or Ctrl-C, at any
// question returns null: nothing was made.

import type { Components, Placard } from '../games/rebel-missions/index.ts';
import type { DraftPlacard, PackDraft } from './pack-file.ts';
import { MAX_CODES } from '../games/rebel-missions/index.ts';
import { checkTypedCode, checkTypedId, codeGlyphs, codeNames, codePreview, symbolKey, type SymbolSet } from './typed-code.ts';
import { checkTypedNeeds, needsText } from './typed-needs.ts';
import type { WalkthroughLimits } from './walkthrough-limits.ts';

export interface Prompter {
  /**
   * Shows `question` and resolves with the answer line, or null when the input ended or was
   * interrupted. `preview`, when given, tells what the answer typed so far shows (a terminal
   * shows it beside the question at every key).
   */
  ask(question: string, preview?: (typed: string) => string): Promise<string | null>;
  say(text: string): void;
}

export interface WalkthroughOptions {
  readonly symbols: SymbolSet;
  /** The companion's own placards: their names and needs are offered for the user's codes. */
  readonly builtin: Components;
  readonly limits: WalkthroughLimits;
}

class Ended extends Error {}

type Mode = 'keep' | 'type';

export async function runWalkthrough(prompter: Prompter, options: WalkthroughOptions): Promise<PackDraft | null> {
  try {
    return await walk(prompter, options);
  } catch (error) {
    if (error instanceof Ended) return null;
    throw error;
  }
}

async function walk(p: Prompter, options: WalkthroughOptions): Promise<PackDraft> {
  const { symbols, builtin, limits } = options;
  const builtinCoded = builtin.placards.filter((x) => !x.inquisitor);
  const builtinInquisitors = builtin.placards.filter((x) => x.inquisitor);
  const ask = async (question: string, preview?: (typed: string) => string): Promise<string> => {
    const answer = await p.ask(question, preview);
    if (answer === null) throw new Ended();
    return answer.trim();
  };
  const bad = (message: string): void => p.say(`  ✗ ${message}`);

  async function askNumber(question: string, min: number, max: number, fallback?: number): Promise<number> {
    for (;;) {
      const text = await ask(question);
      if (text === '' && fallback !== undefined) return fallback;
      if (/^\d{1,3}$/.test(text) && Number(text) >= min && Number(text) <= max) return Number(text);
      bad(`type a whole number from ${min} to ${max}${fallback === undefined ? '' : ` (Enter for ${fallback})`}`);
    }
  }

  async function askName(question: string): Promise<string> {
    return askNameOr(question, undefined);
  }

  /** `keep`: what Enter gives (a correction); without it a name must be typed. */
  async function askNameOr(question: string, keep: string | undefined): Promise<string> {
    for (;;) {
      const text = (await ask(question)).replace(/\s+/g, ' ');
      if (text === '' && keep !== undefined) return keep;
      if (text === '') bad('type the name printed on the placard');
      else if (text.length > limits.maxNameLength) bad(`a name of at most ${limits.maxNameLength} characters, please (this one has ${text.length})`);
      else return text;
    }
  }

  async function askNeeds(question: string): Promise<Record<string, number>> {
    return askNeedsOr(question, undefined);
  }

  async function askNeedsOr(question: string, keep: Readonly<Record<string, number>> | undefined): Promise<Record<string, number>> {
    for (;;) {
      const text = await ask(question);
      if (text === '' && keep !== undefined) return { ...keep };
      const check = checkTypedNeeds(text, builtin.resources);
      if (check.ok) return check.needs;
      bad(check.message);
    }
  }

  p.say('Your own placards for the Imperial Timer.');
  p.say(`Type the code printed on each placard as the symbols' digits or names (${symbolKey(symbols)}).`);
  p.say('Each code is checked as the timer checks it. Ctrl-C (or the end of the input) stops at any question, and nothing is saved.');
  const count = await askNumber(`How many of your placards have a code? (1-${MAX_CODES}) `, 1, MAX_CODES);

  p.say("The companion shows each placard's name and the resources it needs. Either it keeps those of its own");
  p.say(`placards for yours (yours get its names and needs in order: 1 = ${builtinCoded[0]?.name ?? '?'}, ...), or you type them from your placards.`);
  let mode: Mode = 'keep';
  for (;;) {
    const text = (await ask("Names and needs: 1 = keep the companion's, 2 = type them in [1] ")).toLowerCase();
    if (text === '' || text === '1' || text === 'keep') break;
    if (text === '2' || text === 'type') {
      mode = 'type';
      break;
    }
    bad("type 1 to keep the companion's names and needs, or 2 to type your placards' own");
  }
  if (mode === 'keep' && count > builtinCoded.length) {
    p.say(
      `  The companion has ${builtinCoded.length} coded placards of its own: you type the names and needs of your placards ${builtinCoded.length + 1} to ${count}.`,
    );
  }

  const codes: (string | undefined)[] = Array.from({ length: count }, () => undefined);
  const ids: (string | null | undefined)[] = Array.from({ length: count }, () => undefined);
  const placards: DraftPlacard[] = [];

  /** `keep`: the code it has (a correction from the summary: Enter keeps it). */
  async function askCode(i: number, keep?: string): Promise<string> {
    const kept = keep === undefined ? '' : ` [${codeGlyphs(keep, symbols)} ${keep}; Enter keeps it]`;
    for (;;) {
      const others = codes.map((c, k) => (k === i ? undefined : c));
      const typed = await ask(`Placard ${i + 1} of ${count}, code${kept}: `, (text) => codePreview(text, symbols, others));
      if (typed === '' && keep !== undefined) return keep;
      const check = checkTypedCode(typed, symbols, others);
      if (check.ok) {
        p.say(`  ${codeGlyphs(check.digits, symbols)}  (${codeNames(check.digits, symbols)}) ✓`);
        return check.digits;
      }
      bad(check.message);
    }
  }

  /** `keep`: a correction from the summary, the id it has (null: none): Enter keeps it, "-" leaves none. */
  async function askId(i: number, keep?: string | null): Promise<string | null> {
    const question =
      keep === undefined
        ? `Placard ${i + 1}, the id printed on it (Enter for none): `
        : `Placard ${i + 1}, the id printed on it [${keep ?? 'none'}; Enter keeps it${keep === null ? '' : ', - for none'}]: `;
    for (;;) {
      const others = ids.map((c, k) => (k === i ? undefined : c));
      const typed = await ask(question);
      if (keep !== undefined && typed === '') return keep;
      const check = checkTypedId(keep !== undefined && typed === '-' ? '' : typed, others);
      if (check.ok) return check.id;
      bad(check.message);
    }
  }

  async function nameAndNeeds(label: string, borrowed: Placard | undefined): Promise<{ name: string; needs: Record<string, number> }> {
    if (mode === 'keep' && borrowed !== undefined) return { name: borrowed.name, needs: { ...borrowed.needs } };
    return { name: await askName(`${label}, name: `), needs: await askNeeds(`${label}, needs (e.g. blaster 2, intel 1): `) };
  }

  /** A correction from the summary: the name and needs asked again, Enter keeping each. */
  async function correctNameAndNeeds(label: string, old: DraftPlacard): Promise<{ name: string; needs: Record<string, number> }> {
    const name = await askNameOr(`${label}, name [${old.name}; Enter keeps it]: `, old.name);
    const needs = await askNeedsOr(`${label}, needs [${needsText(old.needs)}; Enter keeps them]: `, old.needs);
    return { name, needs };
  }

  for (let i = 0; i < count; i++) {
    codes[i] = await askCode(i);
    ids[i] = await askId(i);
    const { name, needs } = await nameAndNeeds(`Placard ${i + 1}`, builtinCoded[i]);
    placards.push({ digits: codes[i] as string, printedId: ids[i] ?? null, name, needs });
  }

  const maxInquisitors = limits.maxInquisitors;
  const askInquisitorCount = (fallback: number): Promise<number> =>
    askNumber(`How many Inquisitor placards (no code) do you have? (0-${maxInquisitors}) [${fallback}] `, 0, maxInquisitors, fallback);
  let inquisitorCount = await askInquisitorCount(Math.min(builtinInquisitors.length, maxInquisitors));
  const inquisitors: DraftPlacard[] = [];
  const addInquisitors = async (): Promise<void> => {
    while (inquisitors.length < inquisitorCount) {
      const i = inquisitors.length;
      inquisitors.push(await nameAndNeeds(`Inquisitor placard ${i + 1}`, builtinInquisitors[i]));
    }
    inquisitors.length = inquisitorCount;
  };
  await addInquisitors();

  for (;;) {
    p.say('');
    p.say(`Your pack: ${count} coded placard${count === 1 ? '' : 's'}, ${inquisitorCount} Inquisitor placard${inquisitorCount === 1 ? '' : 's'}.`);
    placards.forEach((pl, i) => {
      const digits = pl.digits ?? '';
      const id = pl.printedId ? `  id ${pl.printedId}` : '';
      p.say(`  ${String(i + 1).padStart(2)}. ${codeGlyphs(digits, symbols)}  ${digits}${id}  ${pl.name} (${needsText(pl.needs)})`);
    });
    inquisitors.forEach((pl, i) => p.say(`  ${`I${i + 1}`.padStart(2)}. no code  ${pl.name} (${needsText(pl.needs)})`));
    const inquisitorChoice =
      inquisitorCount === 0 ? '' : inquisitorCount === 1 ? ', I1 = that Inquisitor placard' : `, I1-I${inquisitorCount} = that Inquisitor placard`;
    const text = (
      await ask(`Save and load it? y = yes, 1-${count} = correct that placard${inquisitorChoice}, i = how many Inquisitor placards, n = stop without saving: `)
    ).toLowerCase();
    if (text === 'y' || text === 'yes') return { id: options.limits.packId, name: options.limits.packName, coded: placards, inquisitors };
    if (text === 'n' || text === 'no') throw new Ended();
    if (/^\d{1,2}$/.test(text) && Number(text) >= 1 && Number(text) <= count) {
      // Every field it summarises, each kept by Enter: code, id, name, needs.
      const i = Number(text) - 1;
      const old = placards[i] as DraftPlacard;
      codes[i] = undefined;
      codes[i] = await askCode(i, old.digits);
      ids[i] = undefined;
      ids[i] = await askId(i, old.printedId ?? null);
      const { name, needs } = await correctNameAndNeeds(`Placard ${i + 1}`, old);
      placards[i] = { digits: codes[i] as string, printedId: ids[i] ?? null, name, needs };
      continue;
    }
    const inquisitor = /^i(\d{1,2})$/.exec(text);
    if (inquisitor && Number(inquisitor[1]) >= 1 && Number(inquisitor[1]) <= inquisitorCount) {
      const i = Number(inquisitor[1]) - 1;
      inquisitors[i] = await correctNameAndNeeds(`Inquisitor placard ${i + 1}`, inquisitors[i] as DraftPlacard);
      continue;
    }
    if (text === 'i') {
      inquisitorCount = await askInquisitorCount(inquisitorCount);
      await addInquisitors();
      continue;
    }
    bad(
      `type y to save, a placard's number from 1 to ${count} to correct it${inquisitorCount === 0 ? '' : `, I1${inquisitorCount > 1 ? `-I${inquisitorCount}` : ''} for an Inquisitor placard`}, i to change how many Inquisitor placards, or n to stop`,
    );
  }
}
