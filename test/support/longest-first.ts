// vitest's order of test files: the longest first, so that the last files to start are short and
// every worker finishes at about the same time. A file's length is its duration in this checkout's
// last run (vitest's cache) or else its figure in test/file-times.json; a file in neither (a new
// one) starts first, as vitest's own order does, and a file that failed last time before those.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { fileTimesOf } from './file-times.ts';

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { seconds } = fileTimesOf();
    const weight = (spec: TestSpecification): number => {
      const path = relative(this.ctx.config.root, spec.moduleId);
      const last = this.ctx.cache.getFileTestResults(`${spec.project.name}:${path}`);
      if (last?.failed) return Number.POSITIVE_INFINITY;
      const committed = seconds[path];
      return last?.duration ?? (committed === undefined ? Number.MAX_SAFE_INTEGER : committed * 1000);
    };
    return files
      .map((spec) => ({ spec, weight: weight(spec) }))
      .sort((a, b) => b.weight - a.weight)
      .map(({ spec }) => spec);
  }
}
