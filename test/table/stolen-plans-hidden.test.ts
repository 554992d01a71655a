// Stolen Plans' table front end shows nothing that depends on a hand (stolen-plans-hidden.ts), one random game of each mix; the soak plays three.
import { frontEndHidesHands } from './stolen-plans-hidden.ts';

frontEndHidesHands(1);
