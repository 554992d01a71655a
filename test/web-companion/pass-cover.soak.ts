// npm run soak: pass-and-play's cover (pass-cover-play.ts) over longer runs than npm test's 8 moves
// of each game (pass-cover.test.ts): Secret Invasion and The Queen's Gambit for 40 moves each; a
// cover after each move exactly when someone else is asked, and no message holding what its viewer
// may not know.

import { it } from 'vitest';
import { describeInChromium } from '../support/browser.ts';
import { companionPages } from './pages.ts';
import { coverQueensGambit, coverSecretInvasion } from './pass-cover-play.ts';

describeInChromium('pass-and-play covers only a change of person, longer runs', () => {
  const session = companionPages();

  it("Secret Invasion, 40 moves: a discard's steps stay on one screen; the next player is covered", () => coverSecretInvasion(session, 40));

  it("The Queen's Gambit, 40 moves: a plan made card by card stays on one screen; the other side is covered", () => coverQueensGambit(session, 40));
});
