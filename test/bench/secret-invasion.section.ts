// Secret Invasion's figures (see secret-invasion.ts): self-play speed, the tracking bot's win rate.
import { secretInvasionFigures } from './secret-invasion.ts';
import type { BenchSection } from './section.ts';

const section: BenchSection = { title: 'Secret Invasion', run: secretInvasionFigures };

export default section;
