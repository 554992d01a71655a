// npm run soak: Stolen Plans' table front end shows nothing that depends on a hand (stolen-plans-hidden.ts), three random games of each mix; npm test plays one.
import { frontEndHidesHands } from './stolen-plans-hidden.ts';

frontEndHidesHands(3);
