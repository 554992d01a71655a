// Stolen Plans rules: the play of each move (the turn's plays and the answers in the windows).

import { chanceStream } from '../../engine/chance.ts';
import type { Writer } from '../../engine/cow.ts';
import { answerTop, CHANCE, decision } from '../../engine/decisions.ts';
import type { ActorId } from '../../engine/game.ts';
import { CARDS, typeOf } from './cards.ts';
import { top, answerable, reactEffect, holders, sameList, isCrush, attackWays, strikeCount, actionPlay, drawCount } from './rules-facts.ts';
import {
  push,
  pop,
  takeFromHand,
  addToHand,
  toDiscard,
  know,
  trackMove,
  settleR2,
  nextTurn,
  endGame,
  loseCards,
  afterLoss,
  resolveAttack,
  stealNext,
  openTargetResponse,
  unanswered,
  resolveDefence,
  openDefendPlayed,
  playCards,
  drawCards,
} from './rules-flow.ts';
import { handOf, leftOf, othersFrom, R2D2, seatOf, type Place, type SpData, type SpDecision, type SpEvent, type SpMove, type SpState } from './state.ts';

export function playAction(s: SpState, w: Writer, move: Extract<SpMove, { type: 'action' }>, events: SpEvent[]): void {
  const actor = move.actor;
  const play = actionPlay(move.card);
  if (play === null) throw new Error(`${move.card} is not an action`);
  const effect = play.effect;
  switch (effect.kind) {
    case 'draw':
      playCards(s, w, actor, 'support', [move.card], [], events);
      if (!drawCards(s, w, actor, effect.count, events)) nextTurn(s, w, events);
      return;
    case 'win': {
      // B1, B6: the cards are shown (Traitor's stay in hand: the game is over, D27); the player wins whatever they hold.
      events.push({ type: 'played', player: actor, as: 'win', cards: [move.card, ...(move.with ?? [])], targets: [] });
      const name = s.names[seatOf(s, actor)] ?? actor;
      s.winners = [actor];
      s.summary = `${name} (${actor}) plays ${CARDS.type(move.card).name} and wins`;
      s.stack = [];
      events.push({ type: 'game-over', winners: [actor], r2d2: s.players.find((p) => handOf(s, p).includes(R2D2)) ?? null, summary: s.summary });
      return;
    }
    case 'place':
      takeFromHand(s, w, actor, move.card);
      w.own(s, 'inPlay').push({ card: move.card, owner: actor });
      events.push({ type: 'played', player: actor, as: 'place', cards: [move.card], targets: [] });
      nextTurn(s, w, events);
      return;
    case 'counter-advantage': {
      const target = move.target as ActorId;
      playCards(s, w, actor, 'counter', [move.card], [target], events);
      const i = s.inPlay.findIndex((c) => c.owner === target && (CARDS.type(c.card).inPlay ?? []).some((x) => x.kind === 'draw-count'));
      const inPlay = w.own(s, 'inPlay');
      const [advantage] = inPlay.splice(i, 1);
      if (advantage !== undefined) w.own(s, 'discard').push(advantage.card);
      nextTurn(s, w, events);
      return;
    }
    case 'remove-jedi': {
      playCards(s, w, actor, 'remove-jedi', [move.card], [], events);
      const jedi = s.inPlay.filter((c) => CARDS.has(c.card, 'jedi-card'));
      s.inPlay = s.inPlay.filter((c) => !CARDS.has(c.card, 'jedi-card'));
      s.removed = [...s.removed, ...jedi.map((c) => c.card)];
      s.jediRemoved = true;
      nextTurn(s, w, events);
      return;
    }
    case 'take-from-discard': {
      // B3: the Search card lies on the table while its player searches, then goes to the discard pile.
      takeFromHand(s, w, actor, move.card);
      s.onTable = [...s.onTable, move.card];
      events.push({ type: 'played', player: actor, as: 'search', cards: [move.card], targets: [] });
      push(
        s,
        w,
        decision<SpData>({
          kind: 'search',
          asked: [actor],
          close: 'all-answered',
          data: { at: 'search', player: actor, remaining: Math.min(effect.count, s.discard.length) },
        }),
      );
      return;
    }
    case 'pass-hands': {
      // B9: every hand passes to the left at once (each player knows the hand they gave, now their neighbour's); then you draw.
      playCards(s, w, actor, 'movement', [move.card], s.players.slice(), events);
      const n = s.players.length;
      const before = s.hands.map((h) => h.slice());
      s.hands = before.map((_, i) => before[(i - 1 + n) % n] as string[]);
      const moved = (p: Place): Place => (p === 'pile' ? p : leftOf(s, p));
      s.known = [
        ...s.known.map((k) => ({ ...k, holder: moved(k.holder) })).filter((k) => k.viewer !== k.holder),
        ...s.players.flatMap((viewer, i) => (before[i] ?? []).map((card) => ({ viewer, holder: leftOf(s, viewer), card }))),
      ];
      s.r2Could = Object.fromEntries(s.players.map((viewer) => [viewer, (s.r2Could[viewer] ?? []).map(moved)]));
      settleR2(s);
      events.push({ type: 'hands-passed', by: actor });
      if (!drawCards(s, w, actor, effect.thenDraw, events)) nextTurn(s, w, events);
      return;
    }
    case 'peek-and-take': {
      // B19: you see every other hand (each shown to you alone), then take one card of your choice.
      playCards(s, w, actor, 'scout', [move.card], othersFrom(s, actor), events);
      for (const holder of holders(s, othersFrom(s, actor))) {
        const cards = handOf(s, holder).slice();
        for (const c of cards) know(s, actor, holder, c);
        events.push({ type: 'hand-shown', viewer: actor, holder, cards });
      }
      const where = s.players.find((p) => p !== actor && handOf(s, p).includes(R2D2));
      s.r2Could = { ...s.r2Could, [actor]: where !== undefined ? [where] : (s.r2Could[actor] ?? []).filter((p) => p === 'pile' || p === actor) };
      settleR2(s);
      push(s, w, decision<SpData>({ kind: 'scout', asked: [actor], close: 'first-taker', data: { at: 'scout', player: actor } }));
      return;
    }
    case 'discard': {
      if (effect.who === 'each-other') {
        // B13: each other player, from your left, loses the count (L), one after the other.
        playCards(s, w, actor, 'burn', [move.card], othersFrom(s, actor), events);
        s.lossQueue = othersFrom(s, actor).map((player) => ({ player, count: typeof effect.count === 'number' ? effect.count : 0 }));
        afterLoss(s, w, events);
        return;
      }
      // B4, D18: the target discards every card they can; R2-D2 and the Decoy pass to you; Lose the Game stays.
      const target = move.target as ActorId;
      playCards(s, w, actor, 'discard-all', [move.card], [target], events);
      const passes = effect.passes ?? [];
      for (const card of handOf(s, target).slice()) {
        if (passes.includes(typeOf(card))) {
          takeFromHand(s, w, target, card);
          addToHand(s, w, actor, card);
          know(s, target, actor, card);
          events.push({ type: 'stolen', thief: actor, victim: target, card });
          trackMove(s, target, actor, card, [actor, target]);
        } else if (!CARDS.undiscardable(card)) {
          toDiscard(s, w, target, card);
          events.push({ type: 'discarded', player: target, card });
        }
      }
      settleR2(s);
      nextTurn(s, w, events);
      return;
    }
    default:
      throw new Error(`${move.card}: ${effect.kind} is not an action the rules play`);
  }
}

export function playTurn(s: SpState, move: SpMove, w: Writer, events: SpEvent[]): void {
  const actor = move.actor;
  switch (move.type) {
    case 'draw': {
      s.passesInRow = 0;
      if (!drawCards(s, w, actor, drawCount(s, actor), events)) nextTurn(s, w, events);
      return;
    }
    case 'pass': {
      answerTop(w.own(s, 'stack'), actor, 'pass', w);
      events.push({ type: 'passed', player: actor, window: 'turn' });
      s.passesInRow += 1;
      if (s.passesInRow >= s.players.length) endGame(s, events, 'every player has passed in turn (There is another!)');
      else nextTurn(s, w, events);
      return;
    }
    default:
      break;
  }
  s.passesInRow = 0;
  switch (move.type) {
    case 'attack': {
      const named = move.with ?? [];
      const value = attackWays(handOf(s, actor), move.card).find((way) => sameList(way.with, named))?.value ?? 0;
      const cards = [move.card, ...named];
      const crush = named.some(isCrush);
      playCards(s, w, actor, 'attack', cards, [move.target], events);
      openTargetResponse(s, w, actor, move.target, cards, 'attack', value, crush, events);
      return;
    }
    case 'strike': {
      playCards(s, w, actor, 'strike', [move.card], [move.target], events);
      openTargetResponse(s, w, actor, move.target, [move.card], 'discard', strikeCount(move.card) ?? 0, false, events);
      return;
    }
    case 'steal': {
      const play = CARDS.play(move.card, 'own-turn', 'steal');
      const count = play !== null && play.effect.kind === 'steal' && typeof play.effect.count === 'number' ? play.effect.count : 1;
      const cards = [move.card, ...(move.with ?? [])];
      // B7: with the Steal Bonus, every card of the target (picked one by one by chance, all the same).
      const all = (move.with ?? []).length > 0;
      playCards(s, w, actor, 'steal', cards, [move.target], events);
      openTargetResponse(s, w, actor, move.target, cards, 'steal', all ? handOf(s, move.target).length : count, false, events);
      return;
    }
    case 'hero-steal': {
      for (const c of move.cards) takeFromHand(s, w, actor, c);
      s.onTable = [...s.onTable, ...move.cards];
      events.push({ type: 'played', player: actor, as: 'hero-steal', cards: [...move.cards], targets: [...new Set(move.victims)] });
      const asked = holders(s, othersFrom(s, actor));
      if (asked.length > 0 && answerable(s, 'heroes-played', move.cards, 'steal')) {
        push(
          s,
          w,
          decision<SpData>({
            kind: 'heroes-played',
            asked,
            mayPass: true,
            close: 'all-answered',
            data: { at: 'heroes-played', thief: actor, heroes: [...move.cards], victims: [...move.victims] },
          }),
        );
      } else stealNext(s, w, actor, move.victims, events);
      return;
    }
    case 'action':
      playAction(s, w, move, events);
      return;
    case 'place-jedi':
      takeFromHand(s, w, actor, move.card);
      w.own(s, 'inPlay').push({ card: move.card, owner: actor });
      events.push({ type: 'played', player: actor, as: 'place-jedi', cards: [move.card], targets: [] });
      nextTurn(s, w, events);
      return;
    case 'mind-trick': {
      playCards(s, w, actor, 'mind-trick', [move.card], [move.target], events);
      const cards = handOf(s, move.target).slice();
      for (const c of cards) know(s, actor, move.target, c);
      events.push({ type: 'hand-shown', viewer: actor, holder: move.target, cards });
      s.r2Could = { ...s.r2Could, [actor]: cards.includes(R2D2) ? [move.target] : (s.r2Could[actor] ?? []).filter((p) => p !== move.target) };
      settleR2(s);
      push(
        s,
        w,
        decision<SpData>({ kind: 'mind-trick', asked: [actor], close: 'first-taker', data: { at: 'mind-trick', player: actor, target: move.target } }),
      );
      return;
    }
    case 'force-vision': {
      playCards(s, w, actor, 'force-vision', [move.card], [], events);
      const count = Math.min(3, s.drawPile.length);
      const cards = s.drawPile.slice(0, count);
      for (const c of cards) know(s, actor, 'pile', c);
      events.push({ type: 'pile-seen', player: actor, cards });
      if (cards.includes(R2D2)) s.r2Could = { ...s.r2Could, [actor]: ['pile'] };
      settleR2(s);
      push(s, w, decision<SpData>({ kind: 'force-vision', asked: [actor], close: 'first-taker', data: { at: 'force-vision', player: actor, count } }));
      return;
    }
    case 'jedi-wisdom': {
      playCards(s, w, actor, 'jedi-wisdom', [move.card], [], events);
      const discard = w.own(s, 'discard');
      discard.splice(discard.indexOf(move.take), 1);
      addToHand(s, w, actor, move.take);
      // The discard pile is public: everyone saw which card went to the hand.
      for (const viewer of othersFrom(s, actor)) know(s, viewer, actor, move.take);
      events.push({ type: 'took', player: actor, from: 'discard', card: move.take });
      nextTurn(s, w, events);
      return;
    }
    default:
      throw new Error(`${move.type} is not a turn's play`);
  }
}

export function play(s: SpState, move: SpMove, w: Writer): SpEvent[] {
  const events: SpEvent[] = [];
  const d = top(s) as SpDecision;
  const data = d.data;
  if (move.type === 'chance') {
    if (data.at !== 'steal') throw new Error('a chance outcome for no chance decision');
    answerTop(w.own(s, 'stack'), CHANCE, 'take', w);
    pop(s, w);
    s.rng = chanceStream(s.rng).next;
    const victim = data.victims[0] as ActorId;
    const card = handOf(s, victim)[move.outcome as number] as string;
    takeFromHand(s, w, victim, card);
    addToHand(s, w, data.thief, card);
    // Others who knew the victim's cards can no longer be sure which remain (only the thief knows).
    s.known = s.known.filter((k) => k.holder !== victim || k.viewer === data.thief);
    know(s, victim, data.thief, card);
    events.push({ type: 'stolen', thief: data.thief, victim, card });
    trackMove(s, victim, data.thief, card, [data.thief, victim]);
    stealNext(s, w, data.thief, data.victims.slice(1), events);
    return events;
  }
  if (data.at === 'turn') {
    playTurn(s, move, w, events);
    return events;
  }
  const stack = w.own(s, 'stack');
  switch (data.at) {
    case 'target-response': {
      if (move.type === 'pass') {
        answerTop(stack, move.actor, 'pass', w);
        events.push({ type: 'passed', player: move.actor, window: d.kind });
        pop(s, w);
        unanswered(s, w, data.attacker, data.target, data.effect, data.value, events);
        return events;
      }
      answerTop(stack, move.actor, 'take', w);
      pop(s, w);
      if (move.type === 'react') {
        toDiscard(s, w, move.actor, move.card);
        events.push({ type: 'reacted', player: move.actor, card: move.card, window: d.kind, on: null });
        if (reactEffect(move.card, 'target-response') === 'evade') {
          // B12: the Attack has no effect; the target takes the Attack card(s) into hand (Crush is discarded).
          for (const c of data.attack.filter((x) => !isCrush(x))) {
            const discard = w.own(s, 'discard');
            discard.splice(discard.indexOf(c), 1);
            addToHand(s, w, move.actor, c);
            for (const viewer of othersFrom(s, move.actor)) know(s, viewer, move.actor, c);
            events.push({ type: 'took', player: move.actor, from: 'discard', card: c });
          }
        } else {
          events.push({ type: 'cancelled', player: move.actor, cards: [...data.attack] });
        }
        nextTurn(s, w, events);
        return events;
      }
      if (move.type !== 'defend') throw new Error('only a Defend or a reaction answers here');
      for (const c of move.cards) takeFromHand(s, w, move.actor, c);
      s.onTable = [...s.onTable, ...move.cards];
      const total = move.cards.reduce((sum, c) => sum + (CARDS.defendValue(c) ?? 0), 0);
      events.push({ type: 'defended', player: move.actor, cards: [...move.cards], total });
      openDefendPlayed(
        s,
        w,
        { at: 'defend-played', attacker: data.attacker, target: data.target, value: data.value, defends: [...move.cards], cancelled: [] },
        events,
      );
      return events;
    }
    case 'turn-start': {
      if (move.type === 'pass') {
        if (answerTop(stack, move.actor, 'pass', w)) pop(s, w);
        events.push({ type: 'passed', player: move.actor, window: d.kind });
        return events;
      }
      if (move.type !== 'react') throw new Error('Miss a Turn is played here');
      answerTop(stack, move.actor, 'take', w);
      pop(s, w);
      toDiscard(s, w, move.actor, move.card);
      events.push({ type: 'reacted', player: move.actor, card: move.card, window: d.kind, on: null });
      events.push({ type: 'turn-missed', player: data.player, by: move.actor });
      nextTurn(s, w, events);
      return events;
    }
    case 'attack-failed': {
      if (move.type === 'pass') {
        answerTop(stack, move.actor, 'pass', w);
        events.push({ type: 'passed', player: move.actor, window: d.kind });
        pop(s, w);
        resolveAttack(s, w, data.attacker, data.target, data.value, data.defence, events);
        return events;
      }
      if (move.type !== 'react') throw new Error('Protection is played here');
      answerTop(stack, move.actor, 'take', w);
      pop(s, w);
      toDiscard(s, w, move.actor, move.card);
      events.push({ type: 'reacted', player: move.actor, card: move.card, window: d.kind, on: null });
      events.push({ type: 'attack-resolved', attacker: data.attacker, target: data.target, attack: data.value, defence: data.defence, loser: null, cards: 0 });
      nextTurn(s, w, events);
      return events;
    }
    case 'defend-played':
    case 'heroes-played': {
      if (move.type === 'pass') {
        const closed = answerTop(stack, move.actor, 'pass', w);
        events.push({ type: 'passed', player: move.actor, window: d.kind });
        if (!closed) return events;
        pop(s, w);
        if (data.at === 'defend-played') resolveDefence(s, w, data, events);
        else stealNext(s, w, data.thief, data.victims, events);
        return events;
      }
      if (move.type !== 'react' || move.on === undefined) throw new Error('a reaction names the card it acts on');
      answerTop(stack, move.actor, 'take', w);
      pop(s, w);
      toDiscard(s, w, move.actor, move.card);
      events.push({ type: 'reacted', player: move.actor, card: move.card, window: d.kind, on: move.on });
      const effect = reactEffect(move.card, data.at);
      if (effect === 'capture-hero') s.captures = [...s.captures, { card: move.on, by: move.actor }];
      // All-pass windows (W3): after an answer, everyone asked is asked again.
      if (data.at === 'defend-played') {
        openDefendPlayed(s, w, effect === 'cancel-defend-card' ? { ...data, cancelled: [...data.cancelled, move.on] } : data, events);
      } else {
        const asked = holders(s, othersFrom(s, data.thief));
        if (asked.length > 0 && answerable(s, 'heroes-played', data.heroes, 'steal'))
          push(s, w, decision<SpData>({ kind: 'heroes-played', asked, mayPass: true, close: 'all-answered', data }));
        else stealNext(s, w, data.thief, data.victims, events);
      }
      return events;
    }
    case 'choose-discards': {
      if (move.type !== 'discard') throw new Error('a loss is chosen one card at a time');
      toDiscard(s, w, move.actor, move.card);
      events.push({ type: 'discarded', player: move.actor, card: move.card });
      answerTop(stack, move.actor, 'take', w);
      pop(s, w);
      if (data.remaining > 1) loseCards(s, w, move.actor, data.remaining - 1, events);
      else afterLoss(s, w, events);
      return events;
    }
    case 'mind-trick': {
      if (move.type !== 'take') throw new Error('Jedi Mind Trick takes a card');
      answerTop(stack, move.actor, 'take', w);
      pop(s, w);
      takeFromHand(s, w, data.target, move.card);
      addToHand(s, w, move.actor, move.card);
      know(s, data.target, move.actor, move.card);
      events.push({ type: 'stolen', thief: move.actor, victim: data.target, card: move.card });
      trackMove(s, data.target, move.actor, move.card, [move.actor, data.target]);
      nextTurn(s, w, events);
      return events;
    }
    case 'force-vision': {
      if (move.type !== 'order') throw new Error('Force Vision puts the cards back in order');
      answerTop(stack, move.actor, 'take', w);
      pop(s, w);
      s.drawPile = [...move.cards, ...s.drawPile.slice(data.count)];
      // Others who had seen these cards no longer know their order; the player does.
      s.known = s.known.filter((k) => !(k.holder === 'pile' && move.cards.includes(k.card) && k.viewer !== move.actor));
      events.push({ type: 'pile-ordered', player: move.actor, count: data.count });
      nextTurn(s, w, events);
      return events;
    }
    case 'scout': {
      if (move.type !== 'take') throw new Error('Scout takes a card');
      answerTop(stack, move.actor, 'take', w);
      pop(s, w);
      const holder = othersFrom(s, move.actor).find((p) => handOf(s, p).includes(move.card)) as ActorId;
      takeFromHand(s, w, holder, move.card);
      addToHand(s, w, move.actor, move.card);
      know(s, holder, move.actor, move.card);
      events.push({ type: 'stolen', thief: move.actor, victim: holder, card: move.card });
      trackMove(s, holder, move.actor, move.card, [move.actor, holder]);
      nextTurn(s, w, events);
      return events;
    }
    case 'search': {
      if (move.type !== 'take') throw new Error('Search takes a card');
      answerTop(stack, move.actor, 'take', w);
      pop(s, w);
      const discard = w.own(s, 'discard');
      discard.splice(discard.indexOf(move.card), 1);
      addToHand(s, w, move.actor, move.card);
      for (const viewer of othersFrom(s, move.actor)) know(s, viewer, move.actor, move.card);
      events.push({ type: 'took', player: move.actor, from: 'discard', card: move.card });
      if (data.remaining > 1 && s.discard.length > 0) {
        push(
          s,
          w,
          decision<SpData>({
            kind: 'search',
            asked: [move.actor],
            close: 'all-answered',
            data: { at: 'search', player: move.actor, remaining: data.remaining - 1 },
          }),
        );
      } else nextTurn(s, w, events);
      return events;
    }
    case 'steal':
      throw new Error('a steal waits on chance');
  }
}
