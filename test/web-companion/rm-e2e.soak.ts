// npm run soak: Rebel Missions in Debian's Chromium on the built-in timer, the table and three seats
// played to FANFARE on four codes (rm-browser.ts; rm-e2e.test.ts plays the same game on two): a
// CHIME for each code but the last, BUZZ, FANFARE on every page in words and heard at the table only.

import { it } from 'vitest';
import { describeInChromium } from '../support/browser.ts';
import { companionPages } from './pages.ts';
import { playToFanfare } from './rm-browser.ts';

describeInChromium('Rebel Missions in the browser, a whole game on four codes', () => {
  const session = companionPages(['--autoplay-policy=user-gesture-required']);

  it('the table and three seats play to FANFARE on four codes; CHIME, BUZZ and FANFARE on every page, and the table page plays each sound', async () => {
    await playToFanfare(session, 4);
  });
});
