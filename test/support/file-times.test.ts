import { describe, expect, it } from 'vitest';
import { fileTimesFromReport, fileTimesOf } from './file-times.ts';

describe('the test files’ times', () => {
  it('the committed figures read', () => {
    const { seconds } = fileTimesOf();
    expect(Object.keys(seconds).length).toBeGreaterThan(100);
    expect(Object.keys(seconds).every((file) => file.startsWith('test/') && file.endsWith('.test.ts'))).toBe(true);
  });

  it('says what is wrong with a damaged file and how to mend it', () => {
    expect(() => fileTimesOf('{')).toThrow(/not JSON .*"measured"/);
    expect(() => fileTimesOf('{"seconds":{}}')).toThrow(/lacks "measured" or "seconds"/);
    expect(() => fileTimesOf('{"measured":"x","seconds":{"test/a.test.ts":-1}}')).toThrow(/gives test\/a.test.ts -1 seconds/);
  });

  it('are taken from a JSON report, longest first, to a tenth of a second', () => {
    const root = '/home/ana/imperial-timer';
    const times = fileTimesFromReport(
      {
        testResults: [
          { name: `${root}/test/a.test.ts`, startTime: 1000, endTime: 1260 },
          { name: `${root}/test/b.test.ts`, startTime: 0, endTime: 31_449 },
        ],
      },
      'today',
      root,
    );
    expect(times).toEqual({ measured: 'today', seconds: { 'test/b.test.ts': 31.4, 'test/a.test.ts': 0.3 } });
    expect(Object.keys(times.seconds)).toEqual(['test/b.test.ts', 'test/a.test.ts']);
  });
});
