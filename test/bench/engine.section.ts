// The engine's figures (see engine.ts): toy games' playout speed by way of applying moves, the search bot.
import { engineFigures } from './engine.ts';
import type { BenchSection } from './section.ts';

const section: BenchSection = { title: 'Engine (table games)', run: engineFigures };

export default section;
