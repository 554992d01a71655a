// A logistic model, for the evaluations a game gives its search bot (the chance of a win from a
// few features of a position): the chance from features and weights, a fit of the weights to
// labelled samples (gradient descent on the log loss with a little L2), and how well weights fit.

/** A position's features and whether it was won (1) or not (0). */
export interface LabelledSample {
  readonly features: readonly number[];
  readonly won: number;
}

export interface LogisticModel {
  readonly weights: readonly number[];
  readonly intercept: number;
}

/** The model's chance from `features` (as many as the weights). */
export function logistic(features: readonly number[], model: LogisticModel): number {
  let z = model.intercept;
  for (let i = 0; i < features.length; i++) z += (features[i] as number) * (model.weights[i] as number);
  return 1 / (1 + Math.exp(-z));
}

/** The weights that fit `samples` (each with `size` features): full-batch gradient descent, `epochs` passes. */
export function fitLogistic(samples: readonly LabelledSample[], size: number, epochs = 3_000, rate = 0.5, l2 = 1e-4): LogisticModel {
  if (samples.length === 0) throw new RangeError('a logistic model needs samples to fit');
  const weights = new Array<number>(size).fill(0);
  let intercept = 0;
  for (let epoch = 0; epoch < epochs; epoch++) {
    const grad = new Array<number>(size).fill(0);
    let gradIntercept = 0;
    const model = { weights, intercept };
    for (const s of samples) {
      const error = logistic(s.features, model) - s.won;
      gradIntercept += error;
      for (let i = 0; i < size; i++) grad[i] = (grad[i] as number) + error * (s.features[i] as number);
    }
    intercept -= (rate * gradIntercept) / samples.length;
    for (let i = 0; i < size; i++) weights[i] = (weights[i] as number) - rate * ((grad[i] as number) / samples.length + l2 * (weights[i] as number));
  }
  return { weights, intercept };
}

/** The mean log loss of `model` on `samples` and the share it calls right (chance >= 0.5 for a win). */
export function logisticQuality(samples: readonly LabelledSample[], model: LogisticModel): { logLoss: number; right: number } {
  let loss = 0;
  let right = 0;
  for (const s of samples) {
    const p = Math.min(1 - 1e-9, Math.max(1e-9, logistic(s.features, model)));
    loss -= s.won === 1 ? Math.log(p) : Math.log(1 - p);
    if (p >= 0.5 === (s.won === 1)) right++;
  }
  return { logLoss: loss / samples.length, right: right / samples.length };
}

/** A model's weights by feature name, as a game's evaluation data file holds them. */
export interface NamedWeights<Name extends string> {
  readonly intercept: number;
  readonly weights: Readonly<Record<Name, number>>;
}

/** The model of `named`, its weights in the order of `names`; a name without a number is an error naming `source`. */
export function modelOfNamedWeights<Name extends string>(names: readonly Name[], named: NamedWeights<Name>, source: string): LogisticModel {
  return {
    intercept: named.intercept,
    weights: names.map((name) => {
      const w = named.weights[name];
      if (typeof w !== 'number') throw new Error(`${source} has no weight for "${name}"`);
      return w;
    }),
  };
}

/** `model`'s weights by the feature names `names`, each rounded to 4 decimals, for a data file. */
export function namedWeightsOf<Name extends string>(names: readonly Name[], model: LogisticModel): NamedWeights<Name> {
  const round = (x: number): number => Math.round(x * 10_000) / 10_000;
  return {
    intercept: round(model.intercept),
    weights: Object.fromEntries(names.map((name, i) => [name, round(model.weights[i] as number)])) as Record<Name, number>,
  };
}

/**
 * Fits a model of `size` features on the samples of games 1..`games` (`samplesOf(seed)`), and
 * says how well it fits them and games `games`+1..2 `games`, held out: one line each.
 */
export function fitOnSeeds(
  samplesOf: (seed: number) => LabelledSample[],
  games: number,
  size: number,
): { model: LogisticModel; fitted: number; report: string[] } {
  const fitted: LabelledSample[] = [];
  const held: LabelledSample[] = [];
  for (let seed = 1; seed <= games; seed++) fitted.push(...samplesOf(seed));
  for (let seed = games + 1; seed <= 2 * games; seed++) held.push(...samplesOf(seed));
  const model = fitLogistic(fitted, size);
  const report = (
    [
      ['fitted', fitted],
      ['held out', held],
    ] as const
  ).map(([label, samples]) => {
    const q = logisticQuality(samples, model);
    return `${label}: ${samples.length} samples, log loss ${q.logLoss.toFixed(3)}, called right ${(q.right * 100).toFixed(1)}%`;
  });
  return { model, fitted: fitted.length, report };
}
