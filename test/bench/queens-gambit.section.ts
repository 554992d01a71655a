// The Queen's Gambit's figures (see queens-gambit.ts): self-play speed, the balance of the decks.
import { queensGambitFigures } from './queens-gambit.ts';
import type { BenchSection } from './section.ts';

const section: BenchSection = { title: "The Queen's Gambit", run: queensGambitFigures };

export default section;
