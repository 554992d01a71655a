// Every card the rulebook describes is in the data, under its heading and in its set; the list
// of headings is checked against the rulebook itself when it is at hand; the numbers the
// rulebook gives are the data's.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../../host/games/stolen-plans/load.ts';
import type { Effect } from '../../../host/games/stolen-plans/schema.ts';
import { IMPERIAL_CARDS, NOT_CARD_HEADINGS, RULEBOOK_CARDS, STARTING_RESOURCES } from './rulebook-cards.ts';

const RULEBOOK = join(import.meta.dirname, '..', '..', '..', '..', 'shared', 'rulebooks', 'stolen-plans.txt');
// Under CI the rulebooks lie beside the clone, so a missing one is a failure there, never a skip.
const haveRulebook = existsSync(RULEBOOK) || process.env.CI === 'true';
if (!haveRulebook) console.warn(`skipping the checks against the rulebook: ${RULEBOOK} is not here`);
const rulebookLines = (): string[] =>
  readFileSync(RULEBOOK, 'utf8')
    .split('\n')
    .map((line) => line.trim());

/** The rulebook's headings: short lines that are not sentences or list items, once each, in order. */
function rulebookHeadings(): string[] {
  const headings: string[] = [];
  for (const line of rulebookLines()) {
    if (line === '' || line.length >= 70 || /[.…]$/.test(line) || line.startsWith('-') || line.startsWith('*')) continue;
    if (!headings.includes(line)) headings.push(line);
  }
  return headings;
}

function effectOf(cardId: string, playId: string): Effect {
  const play = CATALOG.card(cardId).plays.find((p) => p.id === playId);
  if (play === undefined) throw new Error(`${cardId} has no play ${playId}`);
  return play.effect;
}

describe('Stolen Plans cards against the rulebook', () => {
  it.each(RULEBOOK_CARDS.map((entry) => [entry.heading, entry] as const))('has every card described under "%s"', (_heading, entry) => {
    for (const id of entry.cards) {
      const card = CATALOG.cards.find((c) => c.id === id);
      expect(card, `${id} is missing from cards.json`).toBeDefined();
      expect(card?.heading).toBe(entry.heading);
      expect(card?.set).toBe(entry.set);
    }
    expect(CATALOG.cards.filter((card) => card.heading === entry.heading).map((card) => card.id)).toEqual(entry.cards);
  });

  it('has no card that the rulebook does not describe', () => {
    const listed = RULEBOOK_CARDS.flatMap((entry) => entry.cards);
    expect(CATALOG.cards.map((card) => card.id).sort()).toEqual([...listed].sort());
  });

  it.skipIf(!haveRulebook)("lists every heading of the rulebook's card guides, in its order", () => {
    const cardHeadings = rulebookHeadings().filter((heading) => !NOT_CARD_HEADINGS.includes(heading));
    expect(cardHeadings).toEqual(RULEBOOK_CARDS.map((entry) => entry.heading));
    for (const heading of NOT_CARD_HEADINGS) expect(rulebookHeadings()).toContain(heading);
  });

  it.skipIf(!haveRulebook)('lists the Starting Resources and the Imperial cards as the rulebook does', () => {
    const lines = rulebookLines();
    expect(lines.filter((line) => line.startsWith('- 1 ')).map((line) => line.slice(4))).toEqual(STARTING_RESOURCES);
    const imperial = lines.find((line) => line.startsWith('* Imperial cards include the following: '));
    expect(imperial?.slice('* Imperial cards include the following: '.length).replace(/\.$/, '').split(', ')).toEqual(IMPERIAL_CARDS);
  });

  it.skipIf(!haveRulebook)("quotes the rulebook's words that make a window quick", () => {
    const text = rulebookLines().join(' ');
    const quick = CATALOG.windows.filter((window) => window.quick);
    expect(quick.map((window) => window.id)).toEqual(['turn-start', 'scout-played', 'drawn']);
    for (const window of quick) expect(text).toContain(window.quickWords);
  });

  it('names the Starting Resources as the rulebook lists them', () => {
    expect(CATALOG.cards.filter((card) => card.kind === 'resource').map((card) => card.name)).toEqual(STARTING_RESOURCES);
  });

  it("tags exactly Defection's Imperial cards as imperial", () => {
    const imperial = CATALOG.cards.filter((card) => IMPERIAL_CARDS.some((name) => card.character === name || card.name.startsWith(name)));
    expect(CATALOG.cards.filter((card) => card.tags.includes('imperial')).map((card) => card.id)).toEqual(imperial.map((card) => card.id));
    expect(imperial.map((card) => card.id)).toEqual([
      'imperial-officer-attack',
      'imperial-guard-attack',
      'imperial-stormtrooper-attack',
      'darth-vader-attack',
      'emperor-attack',
      'imperial-strike-2',
      'imperial-strike-3',
      'imperial-assault-2',
      'imperial-assault-3',
      'orson-krennic',
      'death-trooper',
      'sand-trooper',
      'shore-trooper',
      'at-act',
    ]);
  });

  it('carries the numbers the rulebook gives', () => {
    expect(effectOf('jawa-attack', 'attack')).toEqual({ kind: 'attack', value: 5 });
    expect(effectOf('captain-phasma', 'attack')).toEqual({ kind: 'attack', value: 9 });
    expect(effectOf('captain-phasma', 'attack-16')).toEqual({ kind: 'attack', value: 16 });
    // "combine it with an Imperial Stormtrooper to give you an Attack value of 16"
    const stormtrooper = effectOf('imperial-stormtrooper-attack', 'attack');
    expect(stormtrooper.kind === 'attack' && stormtrooper.value + 9).toBe(16);
    expect(effectOf('attack-defend-9', 'attack')).toEqual({ kind: 'attack', value: 9 });
    expect(effectOf('attack-defend-9', 'defend')).toEqual({ kind: 'defend', value: 9 });
    expect(effectOf('orson-krennic', 'attack')).toEqual({ kind: 'attack', value: 8 });
    expect(effectOf('death-trooper', 'attack')).toEqual({ kind: 'attack', value: 9 });
    expect(effectOf('sand-trooper', 'attack')).toEqual({ kind: 'attack', value: 7 });
    expect(effectOf('shore-trooper', 'attack')).toEqual({ kind: 'attack', value: 7 });
    expect(effectOf('at-act', 'attack')).toEqual({ kind: 'attack', value: 7, moving: true });
    expect(effectOf('jabba-the-hutt-steal', 'steal')).toMatchObject({ kind: 'steal', count: 2, from: 'one-other' });
    expect(effectOf('boba-fett-steal', 'steal')).toMatchObject({ kind: 'steal', count: 1, from: 'one-other' });
    expect(effectOf('steal-bonus', 'steal-all')).toMatchObject({ kind: 'steal', count: 'all' });
    expect(effectOf('search', 'search')).toEqual({ kind: 'take-from-discard', count: 2 });
    expect(effectOf('scavenger', 'search')).toEqual({ kind: 'take-from-discard', count: 3 });
    expect(effectOf('support', 'support')).toEqual({ kind: 'draw', count: 5 });
    expect(effectOf('burn-cards', 'burn')).toMatchObject({ kind: 'discard', count: 2, who: 'each-other' });
    expect(effectOf('continue-play', 'continue')).toEqual({ kind: 'continue-play', newPile: 20 });
    expect(effectOf('cargo-ship', 'load')).toEqual({ kind: 'load-cargo', capacity: 6 });
    expect(effectOf('binocs', 'observe')).toEqual({ kind: 'peek', what: 'one-hand', seconds: 10 });
    expect(effectOf('imperial-strike-2', 'strike')).toMatchObject({ count: 2 });
    expect(effectOf('imperial-strike-3', 'strike')).toMatchObject({ count: 3 });
    expect(effectOf('rebel-strike-2', 'strike')).toMatchObject({ count: 2 });
    expect(effectOf('rebel-strike-3', 'strike')).toMatchObject({ count: 3 });
    expect(effectOf('imperial-assault-2', 'assault')).toMatchObject({ count: 2, who: 'one-other-then-beside' });
    expect(effectOf('imperial-assault-3', 'assault')).toMatchObject({ count: 3, who: 'one-other-then-beside' });
    expect(effectOf('rebel-assault', 'assault')).toMatchObject({ count: 2, who: 'one-other-then-beside' });
    expect(CATALOG.card('advantage').inPlay).toEqual([{ kind: 'draw-count', value: 2 }]);
    expect(CATALOG.card('defensive').inPlay).toEqual([{ kind: 'defend-bonus', value: 2, per: 'defend-card' }]);
    expect(CATALOG.card('new-ruling').inPlay).toEqual([{ kind: 'max-defend-cards', value: 1 }]);
    expect(CATALOG.set('new-ruling').rules.maxDefendCards).toBe(1);
    expect(CATALOG.table.maxDefendCards).toBe(2);
    expect(CATALOG.table.handSize).toBe(5);
    expect(CATALOG.table.quickWindowSeconds.default).toBe(5);
  });

  it('has one Darth Vader Attack, one Emperor Attack, one Luke Skywalker hero, one R2-D2, one Lightsaber', () => {
    for (const id of ['darth-vader-attack', 'emperor-attack', 'luke-skywalker', 'r2-d2', 'lightsaber-defend', 'jedi']) {
      expect(CATALOG.card(id).count, id).toBe(1);
    }
  });

  it('keeps R2-D2, the Decoy and Lose the Game as the only cards that cannot be discarded, never played', () => {
    const kept = CATALOG.cards.filter((card) => card.tags.includes('cannot-be-discarded'));
    expect(kept.map((card) => card.id)).toEqual(['r2-d2', 'decoy', 'lose-the-game']);
    for (const card of kept) expect(card.plays).toEqual([]);
  });

  it('makes every Rebel Hero steal in pairs, defend alone and save a squad card', () => {
    const heroes = CATALOG.cards.filter((card) => card.tags.includes('rebel-hero'));
    expect(heroes.map((card) => card.id)).toEqual([
      'luke-skywalker',
      'han-solo',
      'princess-leia',
      'chewbacca',
      'lando-calrissian',
      'wedge-antilles',
      'bistan',
      'pao',
      'c1-10p',
    ]);
    for (const hero of heroes) {
      expect(hero.kind).toBe('rebel-hero');
      expect(hero.plays.map((play) => [play.id, play.when, play.effect.kind])).toEqual([
        ['pair-steal', 'own-turn', 'steal'],
        ['defend', 'window:target-response', 'defend'],
        ['save-squad', 'window:elimination', 'save-squad'],
      ]);
      expect(hero.plays[0]?.with).toEqual([{ tag: 'rebel-hero', count: 1, use: 'play' }]);
    }
  });

  it('lets no standard Defend card be played on its own turn, and only in answer to an Attack', () => {
    for (const card of CATALOG.cards) {
      for (const play of card.plays) {
        if (play.effect.kind !== 'defend') continue;
        expect(play.when, `${card.id}.${play.id}`).toBe('window:target-response');
        expect(play.against).toEqual(['effect:attack']);
      }
    }
  });

  it('marks the Jedi Only cards and needs a Jedi left in the game for them', () => {
    const jediOnly = CATALOG.cards.filter((card) => card.tags.includes('jedi-only'));
    expect(jediOnly.map((card) => card.id)).toEqual(['lightsaber-defend', 'jedi-mind-trick', 'force-vision', 'jedi-wisdom']);
    for (const card of jediOnly) {
      expect(card.character).toBe('Yoda');
      for (const play of card.plays) expect(play.needs).toContain('jedi-not-removed');
    }
  });

  it('counts the six Rogue One Squad cards: the five of Rogue One and Baze Malbus', () => {
    expect(CATALOG.cards.filter((card) => card.kind === 'squad').map((card) => card.id)).toEqual([
      'defensive',
      'locate-plans',
      'gather-intelligence',
      'force-attuned',
      'defection',
      'reprogram',
    ]);
  });
});
