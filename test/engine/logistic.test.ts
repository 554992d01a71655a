// The engine's logistic model (host/engine/logistic.ts), which the search bots' evaluations use:
// a fit that learns what decides the samples, the quality it reports, and the weights by name
// that a game's data file holds.
import { describe, expect, it } from 'vitest';
import { fitOnSeeds, logistic, logisticQuality, modelOfNamedWeights, namedWeightsOf, type LabelledSample } from '../../host/engine/logistic.ts';

/** Seed n's samples: won exactly when the first feature is above a half; the second is noise. */
const samplesOf = (seed: number): LabelledSample[] =>
  [0.1, 0.3, 0.7, 0.9].map((x, i) => ({ features: [x, ((seed * 7 + i * 3) % 10) / 10], won: x > 0.5 ? 1 : 0 }));

describe('the logistic model', () => {
  it('fits samples decided by one feature: it calls every one right, held-out games too, and weighs that feature', () => {
    const { model, fitted, report } = fitOnSeeds(samplesOf, 5, 2);
    expect(fitted).toBe(20);
    expect(logisticQuality(samplesOf(99), model).right).toBe(1);
    expect(logistic([0.9, 0.5], model)).toBeGreaterThan(0.5);
    expect(logistic([0.1, 0.5], model)).toBeLessThan(0.5);
    expect(Math.abs(model.weights[0] as number)).toBeGreaterThan(Math.abs(model.weights[1] as number));
    expect(report).toEqual([
      expect.stringMatching(/^fitted: 20 samples, log loss 0\.\d{3}, called right 100\.0%$/),
      expect.stringMatching(/^held out: 20 samples, .* called right 100\.0%$/),
    ]);
  });

  it('writes the weights by name, rounded, and reads them back in the order of the names', () => {
    const named = namedWeightsOf(['a', 'b'] as const, { intercept: -0.123456, weights: [1.234567, 2] });
    expect(named).toEqual({ intercept: -0.1235, weights: { a: 1.2346, b: 2 } });
    expect(modelOfNamedWeights(['b', 'a'] as const, named, 'f.json')).toEqual({ intercept: -0.1235, weights: [2, 1.2346] });
  });

  it('refuses a data file that lacks a weight, naming the file and the feature', () => {
    expect(() => modelOfNamedWeights(['a', 'b'], { intercept: 0, weights: { a: 1 } as Record<'a' | 'b', number> }, 'data/evaluation.json')).toThrow(
      'data/evaluation.json has no weight for "b"',
    );
  });
});
