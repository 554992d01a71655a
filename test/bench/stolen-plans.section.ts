// Stolen Plans' figures (see stolen-plans.ts): self-play speed, the hunter's and the search bot's win rates.
import type { BenchSection } from './section.ts';
import { stolenPlansFigures } from './stolen-plans.ts';

const section: BenchSection = { title: 'Stolen Plans', run: stolenPlansFigures };

export default section;
