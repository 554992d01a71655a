// Leaving the bring-up check half way: an answer that is not one is asked again; q, the end of the
// input and Ctrl-C stop it with the settings put back and the report of what ran; a timer whose
// link goes ends it with the report so far.
import { afterEach, describe, expect, it } from 'vitest';
import { CHECK_STEPS } from '../../host/check/steps.ts';
import { checkedTimer, checkWith, person, type CheckedTimer } from './support.ts';

let open: CheckedTimer | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

async function timer(): Promise<CheckedTimer> {
  open = await checkedTimer();
  await open.link.request('CONFIG volume=1 sleep=900');
  return open;
}

const SETTINGS = 'duration=720 correct=12 need=4 sleep=900 volume=1';

describe('leaving companion check', () => {
  it('asks again after an answer that is neither yes nor no', async () => {
    const t = await timer();
    const who = person(t.device, { typed: ['maybe', 'yes please'] });
    const report = await checkWith(t, who);
    expect(who.questions.slice(0, 3)).toEqual([CHECK_STEPS.lights.dark.question, CHECK_STEPS.lights.dark.question, CHECK_STEPS.lights.dark.question]);
    expect(who.transcript.filter((line) => line === CHECK_STEPS.answers.retry)).toHaveLength(2);
    expect(report.failed).toBe(0);
  });

  it('r shows a face again, and plays a sound again', async () => {
    const t = await timer();
    const answers: string[] = [];
    t.link.onLine((line) => {
      if (line === 'OK SHOW' || line === 'OK PLAY') answers.push(line);
    });
    const lights = 16;
    const who = person(t.device, { typed: ['r', 'y', ...Array(lights - 1).fill('y'), 'r', 'r', 'y'] });
    const report = await checkWith(t, who);
    expect(report.failed).toBe(0);
    expect(who.questions[0]).toBe(who.questions[1]);
    expect(who.questions[lights + 1]).toMatch(/^Did you hear the chime/);
    expect(new Set(who.questions.slice(lights + 1, lights + 4)).size).toBe(1);
    expect(answers.filter((a) => a === 'OK SHOW')).toHaveLength(lights + 1);
    expect(answers.filter((a) => a === 'OK PLAY')).toHaveLength(6 + 2);
  });

  it('q stops the check, puts the settings back and reports what ran', async () => {
    const t = await timer();
    const report = await checkWith(t, person(t.device, { typed: ['y', 'y', 'y', 'q'] }));
    expect(report.end).toEqual({ kind: 'stopped', why: 'q was typed' });
    const lights = report.items.filter((i) => i.section === 'lights');
    expect(lights.map((i) => [i.id, i.outcome])).toEqual([
      ['dark', 'passed'],
      ['light-0', 'passed'],
      ['light-1', 'passed'],
      ['lights-rest', 'not-run'],
    ]);
    expect(report.items.slice(-4).map((i) => [i.id, i.outcome])).toEqual([
      ['sounds', 'not-run'],
      ['buttons', 'not-run'],
      ['power', 'not-run'],
      ['sleep', 'not-run'],
    ]);
    expect(report.settingsRestored).toBe(true);
    expect(report.settings).toBe(SETTINGS);
    expect((await t.link.request('CONFIG')).line).toBe(`OK CONFIG ${SETTINGS}`);
    expect((await t.link.status()).state).toBe('ready');
  });

  it('the end of the input stops it the same way', async () => {
    const t = await timer();
    const report = await checkWith(t, person(t.device, { typed: [null] }));
    expect(report.end).toEqual({ kind: 'stopped', why: 'the input ended (or Ctrl-C)' });
    expect(report.settingsRestored).toBe(true);
  });

  it('Ctrl-C while it waits for a press, after the sleep setting was changed, stops it with the settings back', async () => {
    const t = await timer();
    let interrupt = (): void => undefined;
    const stop = new Promise<void>((resolve) => {
      interrupt = resolve;
    });
    const who = person(t.device, {
      presses: { star: 'not' },
      onSay: (text) => {
        if (text.startsWith('Press the star button to wake')) interrupt();
      },
    });
    const report = await checkWith(t, who, CHECK_STEPS, stop);
    expect(report.end).toEqual({ kind: 'stopped', why: 'interrupted (Ctrl-C)' });
    expect(report.items.filter((i) => i.section === 'sleep').map((i) => [i.id, i.outcome])).toEqual([
      ['sleep', 'passed'],
      ['sleep-rest', 'not-run'],
    ]);
    // It was asleep: the first line only woke it, and the client sent it again.
    expect((await t.link.request('CONFIG')).line).toBe(`OK CONFIG ${SETTINGS}`);
    expect(report.settingsRestored).toBe(true);
  });

  it('a link that goes ends the check with the report so far', async () => {
    const t = await timer();
    const who = person(t.device, {
      onSay: (text) => {
        if (text.startsWith('Press the square button')) void t.transport.close();
      },
    });
    const report = await checkWith(t, who);
    expect(report.end.kind).toBe('link-lost');
    expect(report.settingsRestored).toBe(false);
    expect(report.items.filter((i) => i.section === 'buttons').map((i) => [i.id, i.outcome])).toEqual([
      ['circle', 'passed'],
      ['buttons-rest', 'not-run'],
    ]);
    expect(report.items.at(-1)).toMatchObject({ id: 'sleep', outcome: 'not-run' });
  });
});
