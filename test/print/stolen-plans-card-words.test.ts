// Each Stolen Plans card drawn by the print kit, one at a time, says what its data says: its text
// (its power, as the companion shows it) and the words of each way to play it that has a use in
// the deck printed, all inside the card's text box; no word meant for the makers ("designed",
// "the rulebook's example") and no Rogue One Squad card on a deck without one. Force-Attuned and
// the Jedi are checked against the rulebook's own words for their power.
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { allSets, CATALOG, deckFor, type CardType, type DeckPlan } from '../../host/games/stolen-plans/index.ts';
import type { DrawCard } from '../../host/print/kit.ts';
import type { Box } from '../../host/print/layout.ts';
import { Painter, type TextOptions } from '../../host/print/painter.ts';
import { CARD, stolenPlansKit } from '../../host/print/stolen-plans.ts';

interface Written {
  readonly value: string;
  readonly box: Box;
  readonly height: number;
}

/** A painter on a real page that also keeps every text it wrote, its box and the height it took. */
class RecordingPainter extends Painter {
  readonly written: Written[] = [];
  override text(value: string, box: Box, options: TextOptions = {}): number {
    const height = super.text(value, box, options);
    this.written.push({ value, box, height });
    return height;
  }
}

/** What each card of the plan's deck (and beside the discard pile) prints, by card type, drawn card by card. */
function printedFaces(plan: DeckPlan): Map<string, Written[]> {
  const kit = stolenPlansKit(plan);
  const cards: DrawCard[] = kit.parts.flatMap((part) => (part.kind === 'cards' ? part.cards : []));
  const faces = new Map<string, Written[]>();
  const doc = new PDFDocument({ autoFirstPage: true });
  for (const draw of cards) {
    const p = new RecordingPainter(doc);
    draw(p, { x: 0, y: 0, w: CARD.w, h: CARD.h });
    const foot = p.written.find((w) => / · [a-z0-9-]+ · \d+ of \d+$/.test(w.value));
    // A Starting Resource names its player, not its id, at its foot.
    const id = foot?.value.split(' · ')[1] ?? plan.eachPlayer.find((r) => p.written.some((w) => w.value === r.name))?.id;
    if (id === undefined) throw new Error(`a printed card with no id: ${p.written.map((w) => w.value).join(' / ')}`);
    faces.set(id, p.written);
  }
  doc.end();
  return faces;
}

const printedSets = allSets().filter((id) => CATALOG.set(id).kind !== 'optional-rule');
const ASKED_FOR = ['lose-the-game', 'pass-a-card', 'student-of-the-force'];
const PLANS: readonly { readonly name: string; readonly plan: DeckPlan }[] = [
  { name: 'the main deck', plan: deckFor({}) },
  { name: 'every set', plan: deckFor({ sets: printedSets }) },
  { name: 'every set with the cards asked for by name', plan: deckFor({ sets: printedSets, include: ASKED_FOR }) },
];
const squadsIn = (plan: DeckPlan): boolean => plan.types.some((t) => t.tags.includes('squad'));

/** The text a card prints of its words: the one text box that holds its own text. */
function wordsBox(written: readonly Written[], card: CardType): Written {
  const box = written.find((w) => w.value.startsWith(card.text));
  if (box === undefined) throw new Error(`${card.id} does not print its text "${card.text}": ${written.map((w) => w.value).join(' / ')}`);
  return box;
}

describe('the printed Stolen Plans cards say what their data says', () => {
  it('every card of every set is drawn by one of the plans', () => {
    const drawn = new Set(PLANS.flatMap(({ plan }) => [...printedFaces(plan).keys()]));
    expect([...CATALOG.cards.map((c) => c.id)].filter((id) => !drawn.has(id))).toEqual([]);
  });

  for (const { name, plan } of PLANS) {
    it(`${name}: each card prints its text and each of its plays' words, inside its text box`, () => {
      const faces = printedFaces(plan);
      for (const card of plan.types) {
        const written = faces.get(card.id);
        if (written === undefined) throw new Error(`${card.id} is not printed`);
        const box = wordsBox(written, card);
        const kept = card.plays.filter((play) => play.effect.kind !== 'save-squad' || squadsIn(plan));
        if (card.dealt === 'each-player') expect(box.value, card.id).toBe([card.text, ...kept.map((p) => p.text)].join(' '));
        else expect(box.value, card.id).toBe([card.text, ...kept.map((p) => `• ${p.text}`)].join('\n'));
        // Shrunk to fit if need be, never cut off.
        expect(box.height, card.id).toBeLessThanOrEqual(box.box.h + 0.01);
        for (const w of written) expect(w.value, card.id).not.toMatch(/designed|rulebook|example/i);
        if (!squadsIn(plan)) for (const w of written) expect(w.value, card.id).not.toMatch(/squad/i);
      }
    });
  }

  it('the main-deck Rebel Heroes speak of saving a squad card only on a deck that has squad cards', () => {
    const [base, all] = [printedFaces(deckFor({})), printedFaces(deckFor({ sets: ['rogue-one'] }))];
    const save = CATALOG.card('han-solo').plays.find((p) => p.effect.kind === 'save-squad')?.text ?? '';
    expect(save).toContain('Rogue One Squad cards');
    expect(base.get('han-solo')?.some((w) => w.value.includes(save))).toBe(false);
    expect(all.get('han-solo')?.some((w) => w.value.includes(save))).toBe(true);
  });

  it("Force-Attuned and the Jedi print their power, in the rulebook's sense", () => {
    const faces = printedFaces(deckFor({ sets: ['rogue-one'] }));
    const text = (id: string): string => (faces.get(id) ?? []).map((w) => w.value).join('\n');
    // Rulebook: "From now on you can play any Jedi Only cards on your turn. You cannot play any Jedi Only cards out of turn."
    expect(text('force-attuned')).toContain('you may play Jedi Only cards on your own turn (never out of turn)');
    // Rulebook: "From that point onwards that player is a Jedi and can now play any cards marked JEDI ONLY."
    expect(text('jedi')).toContain('you are a Jedi and may play Jedi Only cards');
  });
});
