// What one actor sees. Rebel Missions is cooperative, so almost everything is public: hands,
// the placard, the discards. Only the order of the face-down piles (and the generator that
// shuffles them) stays hidden. Before the table game's set-up has shuffled the placards, no
// placard is face up (`placard` null) and every placard is counted in the face-down pile.

import { missingResources, type Catalog } from './catalog.ts';
import type { RebelMissionsState, RebelMissionsView, RebelTableState, TokenView } from './model.ts';
import { settingUp } from './setup.ts';

export function viewFor(catalog: Catalog, state: RebelMissionsState | RebelTableState, viewer: string): RebelMissionsView {
  const token = (id: string): TokenView => ({ id, kind: catalog.token(id).kind });
  // Before the set-up has shuffled the placards, none is face up: all of them are in the pile.
  const dealt = !settingUp(state);
  const placard = catalog.placard(state.placard);
  return {
    viewer,
    stage: state.stage,
    turnPlayer: state.turnPlayer,
    turnNumber: state.turnNumber,
    players: state.seats.map((seat) => {
      const profile = catalog.profile(seat.profile);
      return {
        id: seat.id,
        name: seat.name,
        profile: profile.id,
        profileName: profile.name,
        ability: { ...profile.ability },
        abilityUsedThisTurn: state.abilityUsedBy.includes(seat.id),
        hand: seat.hand.map(token),
      };
    }),
    placard: !dealt
      ? null
      : {
          id: placard.id,
          name: placard.name,
          inquisitor: placard.inquisitor,
          code: placard.code,
          codeSymbols: [...placard.codeSymbols],
          printedId: placard.printedId,
          needs: { ...placard.needs },
          tokens: state.placardTokens.map(token),
          abilities: state.placardAbilities.map((a) => ({ ...a })),
          missing: missingResources(catalog, state),
        },
    dice: state.dice === null ? null : [...state.dice],
    allPlayWaiting: [...state.allPlayWaiting],
    tokenPileCount: state.tokenPile.length,
    tokenDiscard: state.tokenDiscard.map(token),
    placardPileCount: state.placardPile.length + (dealt ? 0 : 1),
    placardDiscard: [...state.placardDiscard],
    request: state.codeRequest === null ? null : { ...state.codeRequest, symbols: [...state.codeRequest.symbols] },
    codesFound: state.codesFound,
    timeLeftMs: state.timeLeftMs,
  };
}
