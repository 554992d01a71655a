import type { BenchSection } from './section.ts';
import { webFigures } from './web.ts';

const section: BenchSection = { title: 'browser simulation (build/web)', run: webFigures };

export default section;
