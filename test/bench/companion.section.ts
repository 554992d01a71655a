// The companion's figures (see companion.ts): engine games per second, protocol round trips.
import { companionFigures } from './companion.ts';
import type { BenchSection } from './section.ts';

const section: BenchSection = { title: 'companion', run: companionFigures };

export default section;
