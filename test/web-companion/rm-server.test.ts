// Rebel Missions over the live channel (no browser): the built-in timer's hello, its device
// actions from a seat and from the table (start, pause, resume, the code entered by the host),
// refused when not open now or on a real timer (its buttons are the players'), a malformed action
// named; the snapshots' countdown clock; the built-in timer's sound sent to every page and a real
// timer's never; a bot-only table plays to the end on the built-in timer by itself.

import { afterEach, describe, expect, it } from 'vitest';
import type { WebServer } from '../../host/web/server.ts';
import { loadLimits } from '../../host/web/limits.ts';
import { TIMER_GAINS } from '../../host/web/timer-tones.ts';
import { builtInTimer, cabledTimer, startRmServer } from './rm-support.ts';
import { Client, pathOf, wsUrl, type Message } from './support.ts';

const FAST = { ...loadLimits(), ratePerSecond: 1000, rateBurst: 1000 };
const open: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

async function match(
  timer: typeof builtInTimer | typeof cabledTimer,
  seats: { name: string; bot: string | null }[] = [
    { name: 'Ana', bot: null },
    { name: 'Ben', bot: null },
  ],
) {
  let opened: Awaited<ReturnType<typeof timer>> | null = null;
  const { server, tapped } = await startRmServer(async () => (opened = await timer(11)), { limits: FAST, saveDir: null });
  open.push(server);
  expect(await server.handle({ type: 'start', game: 'rebel-missions', seats, options: {}, seed: 2, timer: { kind: 'virtual' } })).toBeNull();
  const links = server.links();
  if (links === null || opened === null) throw new Error('no match');
  const connect = async (url: string): Promise<Client> => {
    const c = await Client.open(wsUrl(server.url, `/live${pathOf(url)}`));
    open.push(c);
    await c.next((m) => m.type === 'snapshot');
    return c;
  };
  const table = await connect(links.table);
  const people = [];
  for (const s of links.seats) people.push(await connect(s.url));
  return { server: server as WebServer, tapped, table, people, timer: opened as Awaited<ReturnType<typeof timer>> };
}

const actionsOf = (m: Message | undefined): string[] => ((m?.['actions'] as { action: string }[] | undefined) ?? []).map((a) => a.action);
const lastSnapshot = (c: Client): Message | undefined => c.snapshot();

describe('Rebel Missions over the live channel', () => {
  it("the built-in timer: hello says so with the simulator's gains; start, pause and resume from a seat or the table; the countdown in every snapshot", async () => {
    const { table, people } = await match(builtInTimer);
    const [ana, ben] = people as [Client, Client];
    const hello = ana.received.find((m) => m.type === 'hello');
    expect(hello?.['timer']).toBe('built-in');
    expect(hello?.['timerGains']).toEqual(TIMER_GAINS);
    expect(TIMER_GAINS).toHaveLength(4);
    expect(actionsOf(lastSnapshot(ana))).toEqual(['start-timer']);
    expect(actionsOf(lastSnapshot(table))).toEqual(['start-timer']);
    expect(lastSnapshot(ana)?.['clock']).toEqual({ leftMs: null, totalMs: null, state: 'waiting', lost: false });
    // A malformed action is named and changes nothing.
    ben.send({ type: 'device', action: 'explode' });
    const error = await ben.next((m) => m.type === 'error');
    expect(String(error['problem'])).toMatch(/^the device message: action: expected .*"start-timer".*"enter-code".*got the text "explode"/);
    // An action not open now is refused with why.
    ben.send({ type: 'device', action: 'pause-timer' });
    expect(String((await ben.next((m) => m.type === 'rejected'))['reason'])).not.toBe('');
    const from = table.received.length;
    ben.send({ type: 'device', action: 'start-timer' });
    const started = await table.next((m) => m.type === 'timer' && (m['event'] as { name: string }).name === 'START', from);
    expect((started['event'] as { leftMs: number }).leftMs).toBe(720_000);
    const running = await ana.next((m) => m.type === 'snapshot' && (m['clock'] as { state: string }).state === 'running');
    expect((running['clock'] as { totalMs: number }).totalMs).toBe(720_000);
    expect(actionsOf(running)).toContain('pause-timer');
    // The firmware's start sound goes to every page, named.
    for (const c of [table, ana, ben]) {
      const tones = await c.next((m) => m.type === 'timer-tones' && (m['sounds'] as { sound: string }[]).some((s) => s.sound === 'start'));
      expect((tones['changes'] as { hz: number }[])[0]?.hz).toBe(880);
    }
    table.send({ type: 'device', action: 'pause-timer' });
    const paused = await ben.next((m) => m.type === 'snapshot' && (m['clock'] as { state: string }).state === 'paused');
    expect(String(paused['prompt'])).toMatch(/the timer is paused/);
    expect(paused['moves']).toEqual([]);
    expect(actionsOf(paused)).toEqual(['resume-timer']);
    const beforeResume = ana.received.length;
    ana.send({ type: 'device', action: 'resume-timer' });
    // Ana holds the dice: her moves are back.
    const resumed = await ana.next((m) => m.type === 'snapshot' && (m['clock'] as { state: string }).state === 'running', beforeResume);
    expect((resumed['moves'] as unknown[]).length).toBeGreaterThan(0);
  });

  it("a real timer's buttons are the players': no device actions, a request refused with what to do, and no sound sent", async () => {
    const { table, people, timer } = await match(cabledTimer);
    const [ana] = people as [Client];
    expect(ana.received.find((m) => m.type === 'hello')?.['timer']).toBe('device');
    expect(actionsOf(lastSnapshot(ana))).toEqual([]);
    ana.send({ type: 'device', action: 'start-timer' });
    expect(String((await ana.next((m) => m.type === 'rejected'))['reason'])).toMatch(/the host cannot press this timer's buttons: press the triangle/i);
    await timer.link.request('PRESS triangle');
    await table.next((m) => m.type === 'timer' && (m['event'] as { name: string }).name === 'START');
    await new Promise((r) => setTimeout(r, 400));
    for (const c of [table, ana]) expect(c.received.some((m) => m.type === 'timer-tones')).toBe(false);
  });

  it('no timer is refused for a new match and for a resumed one, in words that say what to choose, and nothing is opened', async () => {
    let opened = 0;
    const { server } = await startRmServer(
      async () => {
        opened += 1;
        return builtInTimer(11);
      },
      { limits: FAST },
    );
    open.push(server);
    const seats = [
      { name: 'Ana', bot: null },
      { name: 'Ben', bot: null },
    ];
    const needs = /^Star Wars: Rebel Missions is played on the timer's countdown, so it needs a timer: choose the built-in timer or a serial port/;
    expect(await server.handle({ type: 'start', game: 'rebel-missions', seats, options: {}, seed: 2, timer: { kind: 'none' } })).toMatch(needs);
    expect(await server.handle({ type: 'resume', game: 'rebel-missions', timer: { kind: 'none' } })).toMatch(needs);
    expect(server.match()).toBeNull();
    expect(opened).toBe(0);
  });

  it('a table of bots on the built-in timer plays to the end by itself (the bots start it and enter their codes)', async () => {
    const { table } = await match(builtInTimer, [
      { name: 'R2', bot: 'cooperative' },
      { name: 'K2', bot: 'cooperative' },
    ]);
    // The game may be over before the table page joins: its snapshot then says so.
    const end = await table.next((m) => m.type === 'snapshot' && (m['result'] as { finished: boolean }).finished, 0, 120_000);
    expect(String((end['result'] as { summary: string }).summary)).toMatch(/won|lost/);
  }, 150_000);
});
