// `pack --file` with the timer's cable pulled at the worst moment: right after `PACK END` was
// sent, before its answer came back. The timer (the built-in virtual one, behind the real
// SerialTransport over a stand-in port) may have put the new pack in play or not; the companion
// says so in words (never serialport's "Error: ..." or a stack), and the next run reads the
// timer's pack first and tells which one it holds: the new one (nothing sent again) or the old
// one (then it loads). An answer lost on a link that still works is read back at once.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TimerConnection } from '../../host/link/timer-connection.ts';
import { STANDARD_COMPONENTS } from '../../host/games/rebel-missions/index.ts';
import { SerialTransport, type SerialPortLike } from '../../host/link/serial-transport.ts';
import { TimerLink } from '../../host/link/timer-link.ts';
import { VirtualTransport } from '../../host/link/virtual-transport.ts';
import { packJson, timerCodesOf, type PackDraft } from '../../host/pack/pack-file.ts';
import { packSum } from '../../host/pack/pack-sum.ts';
import { testTempDir } from '../support/temp-dir.ts';
import { memoryIo } from './cli-process.ts';
import { runPack } from './pack-support.ts';

const DRAFT: PackDraft = {
  id: 'cut-pack',
  name: 'Cut placards',
  coded: [
    { digits: '214', printedId: '07', name: 'Hold Lothal', needs: { blaster: 1 } },
    { digits: '343', printedId: null, name: 'Steal the Plans', needs: { intel: 2 } },
    { digits: '121', printedId: 'X-2', name: 'Run', needs: { fuel: 1, tools: 1 } },
  ],
  inquisitors: [],
};
const CODES = [{ digits: '214', id: '07' }, { digits: '343' }, { digits: '121', id: 'X-2' }];
const SUM = packSum(CODES);
const BUILTIN_SUM = packSum(timerCodesOf(STANDARD_COMPONENTS.placards));
const PORT = '/dev/ttyACM9';

/**
 * How the cable goes at `PACK END`: `after` the line reached the timer, or `before`; `pulled`:
 * the port vanishes (its drain fails, as serialport's does), else only the answer is lost.
 */
interface Cut {
  readonly when: 'after' | 'before';
  readonly pulled: boolean;
  /** Cut at this written line (0-based) instead of at `PACK END`. */
  readonly line?: number;
}

/** A serial port on the virtual timer's line, which can be cut at `PACK END`. */
function portTo(timer: VirtualTransport, cut: Cut | undefined): SerialPortLike {
  const listeners = new Map<string, ((...args: never[]) => void)[]>();
  const emit = (event: string, value: unknown): void => {
    for (const l of listeners.get(event) ?? []) (l as (v: unknown) => void)(value);
  };
  let open = true;
  let deaf = false; // after the cut nothing comes back from the timer
  timer.onData((chunk) => {
    if (open && !deaf) emit('data', Buffer.from(chunk));
  });
  let drainError: Error | undefined;
  let written = 0;
  return {
    get isOpen() {
      return open;
    },
    write(data, callback) {
      const line = String(data);
      if (!cut?.pulled) deaf = false; // only the answer to PACK END was lost
      const here = cut !== undefined && (cut.line === undefined ? line === 'PACK END\n' : cut.line === written);
      written++;
      if (cut !== undefined && here) {
        deaf = true;
        if (cut.when === 'after') void timer.write(line);
        if (cut.pulled) drainError = new Error('Error: Input/output error, cannot drain');
      } else void timer.write(line);
      callback(null);
      return true;
    },
    drain(callback) {
      if (drainError === undefined) return callback(null);
      callback(drainError);
      open = false;
      emit('close', new Error('Error: Input/output error'));
    },
    close(callback) {
      open = false;
      callback(new Error('Error: Port is not open'));
    },
    on(event, listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    },
  };
}

/** The command's timer: the same virtual timer every run (it keeps its pack), cut as told on the first. */
function timerDeps(timer: VirtualTransport, cuts: (Cut | undefined)[]) {
  return {
    connect: async (): Promise<TimerConnection> => {
      const cut = cuts.shift();
      const link = new TimerLink({ open: async () => SerialTransport.over(portTo(timer, cut), PORT), reconnect: false, heartbeatMs: 0, timeoutMs: 300 });
      const { hello, status } = await link.connect();
      return {
        link,
        virtual: undefined,
        ptyPath: undefined,
        port: PORT,
        assist: false,
        now: () => performance.now(),
        hello,
        status,
        failed: new Promise<Error>(() => undefined),
        close: () => link.close(),
      };
    },
  };
}

function packFile(): string {
  const path = join(testTempDir('pack-cut-'), 'cut.json');
  writeFileSync(path, JSON.stringify(packJson(DRAFT)));
  return path;
}

async function run(file: string, deps: ReturnType<typeof timerDeps>) {
  const { io, out, err } = memoryIo('');
  const code = await runPack(['--file', file, '--port', PORT], io, deps);
  return { code, out: out(), err: err() };
}

describe('pack --file with the cable pulled after PACK END', () => {
  it('says the timer holds the new pack or its old one, in words; the next run finds the new one there and sends nothing', { timeout: 20_000 }, async () => {
    const timer = new VirtualTransport({ seed: 3, realTime: false });
    const deps = timerDeps(timer, [{ when: 'after', pulled: true }, undefined]);
    const file = packFile();
    const cut = await run(file, deps);
    expect(cut.code).toBe(1);
    // The port's close and the failed drain race: either says it in words.
    expect(cut.err).toMatch(
      new RegExp(
        `the timer's cable was pulled or its port vanished: (writing to|the port) ${PORT} at 115200 baud failed \\(input/output error(, cannot drain)?\\)`,
      ),
    );
    expect(cut.err).toContain(
      `PACK END reached the timer or not: its answer was lost, so the timer holds either the new pack (3 codes, sum ${SUM}) or its old one, its built-in pack (24 codes, sum ${BUILTIN_SUM}).`,
    );
    expect(cut.err).toContain(`Plug it back (or switch it on) and run npm run -s companion -- pack --file ${file} --port ${PORT} again`);
    expect(cut.err).not.toMatch(/Error:|nothing was changed|\n\s+at /);
    // The timer did take it.
    expect(timer.device.send('PACK')).toEqual([`OK PACK source=loaded n=3 sum=${SUM}`]);

    const next = await run(file, deps);
    expect(next.err).toBe('');
    expect(next.code).toBe(0);
    expect(next.out).toContain(`The timer on ${PORT} holds this pack already: 3 codes, sum ${SUM} (read back with CODES and PACK), so nothing was sent.`);
    await timer.close();
  });

  it('when PACK END never reached it, the next run says the timer held its old pack, and loads the new one', { timeout: 20_000 }, async () => {
    const timer = new VirtualTransport({ seed: 3, realTime: false });
    const deps = timerDeps(timer, [{ when: 'before', pulled: true }, undefined]);
    const file = packFile();
    const cut = await run(file, deps);
    expect(cut.code).toBe(1);
    expect(cut.err).toContain('its answer was lost, so the timer holds either the new pack');
    expect(timer.device.send('PACK')).toEqual([`OK PACK source=builtin n=24 sum=${BUILTIN_SUM}`]);
    const next = await run(file, deps);
    expect(next.code).toBe(0);
    expect(next.out).toContain(
      `The timer on ${PORT} holds the pack now: 3 codes, sum ${SUM} (read back with CODES and PACK: the same; before, it held its built-in pack (24 codes, sum ${BUILTIN_SUM})).`,
    );
    expect(timer.device.send('PACK')).toEqual([`OK PACK source=loaded n=3 sum=${SUM}`]);
    await timer.close();
  });
});

describe('pack --file with only the answer to PACK END lost', () => {
  it('reads the pack back at once: the new one, so it is done', { timeout: 20_000 }, async () => {
    const timer = new VirtualTransport({ seed: 3, realTime: false });
    const r = await run(packFile(), timerDeps(timer, [{ when: 'after', pulled: false }]));
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`holds the pack now: 3 codes, sum ${SUM} (read back with CODES and PACK: the same;`);
    await timer.close();
  });

  it('reads the pack back at once: still the old one, and says the new one was not put in play', { timeout: 20_000 }, async () => {
    const timer = new VirtualTransport({ seed: 3, realTime: false });
    const r = await run(packFile(), timerDeps(timer, [{ when: 'before', pulled: false }]));
    expect(r.code).toBe(1);
    expect(r.err).toContain(
      `The answer to PACK END was lost; read back, the timer still holds its old pack: its built-in pack (24 codes, sum ${BUILTIN_SUM}): the new pack was not put in play.`,
    );
    expect(r.err).not.toContain('Error:');
    await timer.close();
  });
});

describe('pack --file with the cable pulled at any line', () => {
  it('fails in words at every line of the session, never with a raw error, and the next run leaves the new pack on the timer', {
    timeout: 30_000,
  }, async () => {
    // HELLO, STATUS, PACK, PACK BEGIN, 3 × PACK CODE, PACK END, CODES, PACK: cut at each, the line sent or not.
    for (let line = 0; line < 10; line++) {
      for (const when of ['after', 'before'] as const) {
        const timer = new VirtualTransport({ seed: 3, realTime: false });
        const deps = timerDeps(timer, [{ when, pulled: true, line }, undefined]);
        const file = packFile();
        const cut = await run(file, deps);
        const where = `cut at line ${line + 1}, ${when} it reached the timer`;
        expect(cut.err, where).not.toMatch(/Error:|\n\s+at |unless it answered/);
        if (cut.code !== 0)
          expect(cut.err, where).toMatch(
            /the timer's cable was pulled or its port vanished: the port \/dev\/ttyACM9 at 115200 baud failed \(input\/output error\)\. /,
          );
        const next = await run(file, deps);
        expect(next.code, where).toBe(0);
        expect(timer.device.send('PACK'), where).toEqual([`OK PACK source=loaded n=3 sum=${SUM}`]);
        await timer.close();
      }
    }
  });
});
