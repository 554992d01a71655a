// Exact probabilities: fractions of big integers, always in lowest terms with a positive
// denominator, so an odds table is exact however many dice and grids it multiplies.

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export class Fraction {
  readonly num: bigint;
  readonly den: bigint;

  private constructor(num: bigint, den: bigint) {
    this.num = num;
    this.den = den;
  }

  static of(num: number | bigint, den: number | bigint = 1): Fraction {
    let n = BigInt(num);
    let d = BigInt(den);
    if (d === 0n) throw new RangeError('a fraction cannot have the denominator 0');
    if (d < 0n) {
      n = -n;
      d = -d;
    }
    const g = gcd(n, d);
    return g <= 1n ? new Fraction(n, d) : new Fraction(n / g, d / g);
  }

  static readonly ZERO = Fraction.of(0);
  static readonly ONE = Fraction.of(1);

  static sum(xs: Iterable<Fraction>): Fraction {
    let total = Fraction.ZERO;
    for (const x of xs) total = total.add(x);
    return total;
  }

  add(other: Fraction): Fraction {
    return Fraction.of(this.num * other.den + other.num * this.den, this.den * other.den);
  }

  sub(other: Fraction): Fraction {
    return Fraction.of(this.num * other.den - other.num * this.den, this.den * other.den);
  }

  mul(other: Fraction): Fraction {
    return Fraction.of(this.num * other.num, this.den * other.den);
  }

  div(other: Fraction): Fraction {
    if (other.num === 0n) throw new RangeError('division by the fraction 0');
    return Fraction.of(this.num * other.den, this.den * other.num);
  }

  equals(other: Fraction): boolean {
    return this.num === other.num && this.den === other.den;
  }

  compare(other: Fraction): number {
    const d = this.num * other.den - other.num * this.den;
    return d < 0n ? -1 : d > 0n ? 1 : 0;
  }

  isZero(): boolean {
    return this.num === 0n;
  }

  toNumber(): number {
    return Number(this.num) / Number(this.den);
  }

  /** "7/36", or "0" and "1". */
  toString(): string {
    return this.den === 1n ? this.num.toString() : `${this.num}/${this.den}`;
  }
}
