import { describe, expect, it } from 'vitest';
import type { RebelTableState } from '../../../host/games/rebel-missions/model.ts';
import { arrange, faceUp, game, must, rejected, rolled, startedGame, types } from './fixtures.ts';

// Seats of startedGame(3): p1 Kanan (ability counts as intel), p2 Ezra (credits), p3 Hera (fuel).
// M01 needs 2 intel (code 312); M04 needs 1 blaster and 1 credits (code 423);
// I1 (The Grand Inquisitor) needs 2 blaster, 1 intel, 1 tools and has no code.

function playing(a: Parameters<typeof arrange>[1], face: 'play' | 'all-play' = 'play'): RebelTableState {
  const start = arrange(startedGame(3), a);
  return must(rolled(start, [face, 'empire']), { actor: 'p1', type: 'choose', die: 0 }).state;
}

describe('Rebel Missions: Play', () => {
  it('the turn player plays matching tokens on the placard; they stay there after the turn ends', () => {
    const state = playing({ placard: 'M04', hands: { p1: ['blaster-1', 'fuel-1'] } });
    expect(game.toMove(state)).toEqual(['p1', 'timer']);
    expect(game.legalMoves(state, 'p1')).toEqual([
      { actor: 'p1', type: 'play-token', token: 'blaster-1' },
      { actor: 'p1', type: 'finish' },
    ]);
    const played = must(state, { actor: 'p1', type: 'play-token', token: 'blaster-1' });
    expect(played.events).toEqual([{ type: 'token-played', player: 'p1', token: 'blaster-1', kind: 'blaster' }]);
    expect(faceUp(game.view(played.state, 'p2')).missing).toEqual({ blaster: 0, credits: 1 });
    const ended = must(played.state, { actor: 'p1', type: 'finish' });
    expect(ended.events).toContainEqual({ type: 'turn-ended', player: 'p1', reason: 'played' });
    expect(ended.state.placardTokens).toEqual(['blaster-1']);
    expect(ended.state.turnPlayer).toBe('p2');
  });

  it('rejects a token the mission does not need, a token not held, and plays by other players', () => {
    const state = playing({ placard: 'M04', hands: { p1: ['fuel-1'], p2: ['credits-1'] } });
    expect(rejected(state, { actor: 'p1', type: 'play-token', token: 'fuel-1' })).toMatch(/does not need fuel/);
    expect(rejected(state, { actor: 'p1', type: 'play-token', token: 'credits-1' })).toMatch(/does not hold token "credits-1"/);
    expect(rejected(state, { actor: 'p2', type: 'play-token', token: 'credits-1' })).toMatch(/only p1 plays now/);
    expect(game.legalMoves(state, 'p2')).toEqual([]);
  });

  it('tokens are played only after choosing Play or All Play', () => {
    const state = arrange(startedGame(3), { placard: 'M04', hands: { p1: ['blaster-1'] } });
    expect(rejected(state, { actor: 'p1', type: 'play-token', token: 'blaster-1' })).toMatch(/after choosing a Play or All Play die/);
  });
});

describe('Rebel Missions: All Play', () => {
  it('opens a window where every player may play; it closes when all have finished', () => {
    const state = playing({ placard: 'M07', hands: { p2: ['blaster-1'], p3: ['blaster-2'] } }, 'all-play');
    expect(game.toMove(state)).toEqual(['p1', 'p2', 'p3', 'timer']);
    let s = must(state, { actor: 'p3', type: 'play-token', token: 'blaster-2' }).state;
    s = must(s, { actor: 'p3', type: 'finish' }).state;
    expect(game.toMove(s)).toEqual(['p1', 'p2', 'timer']);
    expect(rejected(s, { actor: 'p3', type: 'finish' })).toMatch(/already finished/);
    s = must(s, { actor: 'p2', type: 'play-token', token: 'blaster-1' }).state;
    s = must(s, { actor: 'p2', type: 'finish' }).state;
    const last = must(s, { actor: 'p1', type: 'finish' });
    expect(types(last.events)).toEqual(['player-finished', 'turn-ended', 'turn-started']);
    expect(last.state.turnPlayer).toBe('p2');
    expect(last.state.placardTokens).toEqual(['blaster-2', 'blaster-1']);
  });
});

describe('Rebel Missions: special abilities', () => {
  it('counts as one resource of its type toward the mission, once per turn', () => {
    const state = playing({ placard: 'M01', hands: {} }, 'all-play'); // M01 needs 2 intel; Kanan counts as intel
    const used = must(state, { actor: 'p1', type: 'use-ability' });
    expect(used.events).toEqual([{ type: 'ability-used', player: 'p1', resource: 'intel' }]);
    expect(faceUp(game.view(used.state, 'p1')).missing).toEqual({ intel: 1 });
    expect(rejected(used.state, { actor: 'p1', type: 'use-ability' })).toMatch(/once per turn/);
    expect(game.view(used.state, 'p3').players[0]?.abilityUsedThisTurn).toBe(true);
  });

  it('cannot be used when the mission does not need its resource', () => {
    const state = playing({ placard: 'M04' }); // Kanan's intel is not needed by M04
    expect(rejected(state, { actor: 'p1', type: 'use-ability' })).toMatch(/counts as intel, which .* does not need now/);
  });

  it('lapses at the end of the turn while played tokens stay', () => {
    let s = playing({ placard: 'M10', hands: { p1: ['fuel-1'] } }); // M10 needs 2 fuel, 2 intel
    s = must(s, { actor: 'p1', type: 'use-ability' }).state;
    s = must(s, { actor: 'p1', type: 'play-token', token: 'fuel-1' }).state;
    expect(faceUp(game.view(s, 'p1')).missing).toEqual({ fuel: 1, intel: 1 });
    const finished = must(s, { actor: 'p1', type: 'finish' });
    s = finished.state;
    expect(s.placardAbilities).toEqual([]);
    expect(s.abilityUsedBy).toEqual([]);
    expect(faceUp(game.view(s, 'p1')).missing).toEqual({ fuel: 1, intel: 2 });
    // Said, not silent: the ability that counted toward the mission lapses with the turn.
    expect(finished.events).toContainEqual({ type: 'abilities-lapsed', placard: 'M10', abilities: [{ player: 'p1', resource: 'intel' }] });
    expect(types(finished.events).slice(0, 2)).toEqual(['abilities-lapsed', 'turn-ended']);
  });
});

describe('Rebel Missions: completing a mission and entering its code', () => {
  const completeM04 = (): RebelTableState => {
    let s = playing({ placard: 'M04', hands: { p1: ['blaster-1', 'credits-4', 'tools-1'] }, placardPile: ['M02', 'M03'] });
    s = must(s, { actor: 'p1', type: 'play-token', token: 'blaster-1' }).state;
    const done = must(s, { actor: 'p1', type: 'play-token', token: 'credits-4' });
    expect(types(done.events)).toEqual(['token-played', 'mission-completed', 'code-requested']);
    return done.state;
  };

  it('asks for the printed code to be entered on the timer and waits for it', () => {
    const s = completeM04();
    expect(s.stage).toBe('enter-code');
    expect(game.view(s, 'p2').request).toEqual({ kind: 'enter-code', placard: 'M04', code: '423', symbols: ['star', 'square', 'diamond'] });
    expect(game.toMove(s)).toEqual(['timer']);
    expect(rejected(s, { actor: 'p1', type: 'finish' })).toMatch(/waiting for the code of "Free the Lasan Refugees"/);
  });

  it('CHIME: the placard and used tokens are discarded, the next placard flips, the next player takes the dice', () => {
    const s = completeM04();
    const { state, events } = must(s, { actor: 'timer', type: 'chime', found: 1 });
    expect(types(events)).toEqual(['code-accepted', 'placard-discarded', 'placard-flipped', 'turn-ended', 'turn-started']);
    expect(state.codesFound).toBe(1);
    expect(state.placardDiscard.at(-1)).toBe('M04');
    expect(state.tokenDiscard).toEqual(['blaster-1', 'credits-4']);
    expect(state.placard).toBe('M02');
    expect(state.seats[0]?.hand).toEqual(['tools-1']);
    expect(state.turnPlayer).toBe('p2');
    expect(state.codeRequest).toBeNull();
  });

  it('BUZZ for a decoy (or a code already used) discards likewise and passes the dice', () => {
    for (const reason of ['decoy', 'used'] as const) {
      const { state, events } = must(completeM04(), { actor: 'timer', type: 'buzz', reason });
      expect(events[0]).toEqual({ type: 'code-rejected', placard: 'M04', reason });
      expect(state.codesFound).toBe(0);
      expect(state.placardDiscard.at(-1)).toBe('M04');
      expect(state.placard).toBe('M02');
      expect(state.turnPlayer).toBe('p2');
    }
  });

  it('BUZZ for a keypad slip or an abandoned entry keeps waiting for the same code', () => {
    for (const reason of ['mistake', 'idle'] as const) {
      const { state, events } = must(completeM04(), { actor: 'timer', type: 'buzz', reason });
      expect(events).toEqual([{ type: 'code-retry', placard: 'M04', reason }]);
      expect(state.stage).toBe('enter-code');
      expect(state.codeRequest?.code).toBe('423');
    }
  });

  it('FANFARE wins the game for every player', () => {
    const s = { ...completeM04(), codesFound: 3 };
    const { state, events } = must(s, { actor: 'timer', type: 'fanfare' });
    expect(events).toContainEqual({ type: 'game-won', found: 4 });
    expect(game.result(state)).toEqual({
      finished: true,
      returns: { p1: 1, p2: 1, p3: 1 },
      winners: ['p1', 'p2', 'p3'],
      winningTeams: [],
      summary: 'won: 4 correct codes entered',
    });
    expect(game.toMove(state)).toEqual([]);
    expect(rejected(state, { actor: 'timer', type: 'timeout' })).toMatch(/the game is over \(won\)/);
  });

  it('CHIME, BUZZ and FANFARE are rejected when no code was asked for', () => {
    const s = startedGame();
    expect(rejected(s, { actor: 'timer', type: 'chime', found: 1 })).toMatch(/no code is being entered/);
    expect(rejected(s, { actor: 'timer', type: 'buzz', reason: 'decoy' })).toMatch(/no code is being entered/);
    expect(rejected(s, { actor: 'timer', type: 'fanfare' })).toMatch(/no code is being entered/);
  });
});

describe('Rebel Missions: Chopper tokens', () => {
  it('a Chopper completes any coded mission at once', () => {
    const s = playing({ placard: 'M15', hands: { p1: ['chopper-2'] } }); // M15 needs 3 blaster, 1 intel
    const { state, events } = must(s, { actor: 'p1', type: 'play-token', token: 'chopper-2' });
    expect(events).toContainEqual({ type: 'mission-completed', placard: 'M15', byChopper: true });
    expect(state.codeRequest?.code).toBe('142');
  });

  it('a Chopper cannot be played on an Inquisitor placard', () => {
    const s = playing({ placard: 'I1', hands: { p1: ['chopper-1'] } });
    expect(rejected(s, { actor: 'p1', type: 'play-token', token: 'chopper-1' })).toMatch(/cannot be played on an Inquisitor/);
    expect(game.legalMoves(s, 'p1').map((m) => m.type)).toEqual(['use-ability', 'finish']);
  });
});

describe('Rebel Missions: Inquisitor placards', () => {
  it('flipping an Inquisitor face up makes every player discard all collected tokens', () => {
    let s = playing({ placard: 'M04', hands: { p1: ['blaster-1', 'credits-1'], p2: ['fuel-1'], p3: ['intel-1', 'chopper-1'] }, placardPile: ['I2'] });
    s = must(s, { actor: 'p1', type: 'play-token', token: 'blaster-1' }).state;
    s = must(s, { actor: 'p1', type: 'play-token', token: 'credits-1' }).state;
    const { state, events } = must(s, { actor: 'timer', type: 'chime', found: 1 });
    expect(events).toContainEqual({ type: 'placard-flipped', placard: 'I2', inquisitor: true });
    expect(events).toContainEqual({
      type: 'inquisitor-discard',
      discarded: [
        { player: 'p2', tokens: ['fuel-1'] },
        { player: 'p3', tokens: ['intel-1', 'chopper-1'] },
      ],
    });
    expect(state.seats.every((x) => x.hand.length === 0)).toBe(true);
    expect(state.tokenDiscard).toEqual(['blaster-1', 'credits-1', 'fuel-1', 'intel-1', 'chopper-1']);
  });

  it('has no code: completing it flips the next placard and passes the turn', () => {
    let s = playing({ placard: 'I1', hands: { p1: ['blaster-1', 'blaster-2', 'tools-1'] }, placardPile: ['M01'] });
    s = must(s, { actor: 'p1', type: 'play-token', token: 'blaster-1' }).state;
    s = must(s, { actor: 'p1', type: 'play-token', token: 'blaster-2' }).state;
    s = must(s, { actor: 'p1', type: 'play-token', token: 'tools-1' }).state;
    const { state, events } = must(s, { actor: 'p1', type: 'use-ability' }); // Kanan's intel completes it
    expect(types(events)).toEqual(['ability-used', 'mission-completed', 'placard-discarded', 'placard-flipped', 'turn-ended', 'turn-started']);
    expect(events).not.toContainEqual(expect.objectContaining({ type: 'code-requested' }));
    expect(state.placard).toBe('M01');
    expect(state.turnPlayer).toBe('p2');
    expect(state.stage).toBe('roll');
  });
});

describe('Rebel Missions: placards running out', () => {
  it('the discarded placards are shuffled into a new pile', () => {
    let s = playing({ placard: 'M04', hands: { p1: ['blaster-1', 'credits-1'] }, placardPile: [] });
    expect(s.placardDiscard).toHaveLength(27);
    s = must(s, { actor: 'p1', type: 'play-token', token: 'blaster-1' }).state;
    s = must(s, { actor: 'p1', type: 'play-token', token: 'credits-1' }).state;
    const { state, events } = must(s, { actor: 'timer', type: 'buzz', reason: 'decoy' });
    expect(events).toContainEqual({ type: 'placard-pile-reshuffled', count: 28 });
    expect(state.placardPile).toHaveLength(27);
    expect(state.placardDiscard).toEqual([]);
  });
});

describe('Rebel Missions: the timer', () => {
  it('TIME readings are kept for the view; a bad reading is rejected', () => {
    const { state, events } = must(startedGame(), { actor: 'timer', type: 'time', leftMs: 420_000 });
    expect(events).toEqual([{ type: 'time-left', leftMs: 420_000 }]);
    expect(game.view(state, 'p1').timeLeftMs).toBe(420_000);
    expect(rejected(state, { actor: 'timer', type: 'time', leftMs: -1 })).toMatch(/whole number of ms/);
  });

  it('TIMEOUT at any moment of play loses the game', () => {
    const moments: RebelTableState[] = [startedGame(), rolled(startedGame(), ['play', 'single-token']), playing({ placard: 'M04' }, 'all-play')];
    for (const s of moments) {
      const { state, events } = must(s, { actor: 'timer', type: 'timeout' });
      expect(events).toEqual([{ type: 'game-lost', reason: 'timeout' }]);
      expect(game.result(state)).toMatchObject({ finished: true, winners: [], winningTeams: [], summary: 'lost: time ran out' });
      expect(game.toMove(state)).toEqual([]);
      expect(game.legalMoves(state, 'p1')).toEqual([]);
    }
  });
});

describe('Rebel Missions: views', () => {
  it('show hands, placard and discards, but never the order of the face-down piles', () => {
    const s = arrange(startedGame(2), { hands: { p2: ['fuel-1'] } });
    const view = game.view(s, 'p1');
    expect(view.players[1]?.hand).toEqual([{ id: 'fuel-1', kind: 'fuel' }]);
    expect(view.tokenPileCount).toBe(43);
    expect(view.placardPileCount).toBe(27);
    const text = JSON.stringify(view);
    expect(text).not.toMatch(/rng|tokenPile"|placardPile"/);
    for (const id of s.placardPile) expect(text).not.toContain(`"${id}"`);
  });

  it('a rejected move changes nothing', () => {
    const s = startedGame();
    const before = JSON.stringify(s);
    rejected(s, { actor: 'p1', type: 'finish' });
    expect(JSON.stringify(s)).toBe(before);
  });
});
