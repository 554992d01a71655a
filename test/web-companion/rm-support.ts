// Helpers for Rebel Missions in the browser: a web server with the game's production entry and
// the built-in timer (the firmware's virtual device on the wall clock, as `serve` opens it), or
// the same device behind a cable a test can pull out and plug back in.

import { connectTimer } from '../../host/link/timer-connection.ts';
import { rebelMissionsEntry } from '../../host/games/rebel-missions/table-entry.ts';
import { TimerLink } from '../../host/link/timer-link.ts';
import type { Transport } from '../../host/link/transport.ts';
import { VirtualTransport } from '../../host/link/virtual-transport.ts';
import type { OpenedTimer, WebServerOptions } from '../../host/web/server.ts';
import { webGame } from '../../host/web/web-match.ts';
import { startTestServer } from './support.ts';

export const RM_GAMES = [webGame(rebelMissionsEntry)];

/** The built-in timer as `serve` opens it (the wall clock; its link told to every page). */
export async function builtInTimer(seed: number): Promise<OpenedTimer & { readonly link: TimerLink }> {
  const connection = await connectTimer({ kind: 'virtual', seed, realTime: true });
  const device = connection.virtual?.device;
  if (device === undefined) throw new Error('the built-in timer has no device');
  return {
    port: connection.link,
    link: connection.link,
    name: 'the built-in timer',
    builtIn: device,
    onNotice: (listener) => connection.link.onNotice(listener),
    close: () => connection.close(),
  };
}

/** A cable between the companion and a virtual timer: `pull()` drops the link as a pulled USB cable does, `plug()` lets it back. */
export class Cable {
  plugged = true;
  private ends: { close(error: Error): void }[] = [];

  constructor(readonly device: VirtualTransport) {}

  async open(): Promise<Transport> {
    if (!this.plugged) throw new Error('no timer on the cable');
    const device = this.device;
    const dataListeners: ((chunk: Uint8Array | string) => void)[] = [];
    const closeListeners: ((error?: Error) => void)[] = [];
    let open = true;
    device.onData((chunk) => {
      if (open) for (const l of dataListeners) l(chunk);
    });
    const end = {
      close: (error: Error) => {
        if (!open) return;
        open = false;
        for (const l of closeListeners) l(error);
      },
    };
    this.ends.push(end);
    return {
      description: 'a timer on a cable',
      write: async (text) => {
        if (!open) throw new Error('the cable is pulled');
        await device.write(text);
      },
      onData: (l) => dataListeners.push(l),
      onClose: (l) => closeListeners.push(l),
      close: async () => {
        open = false;
      },
    };
  }

  pull(): void {
    this.plugged = false;
    for (const end of this.ends.splice(0)) end.close(new Error('the serial port was unplugged'));
  }

  plug(): void {
    this.plugged = true;
  }
}

/** A virtual timer behind a `Cable`: the pages treat it as a real timer (it makes its own sounds). */
export async function cabledTimer(seed: number): Promise<OpenedTimer & { readonly link: TimerLink; readonly cable: Cable }> {
  const device = new VirtualTransport({ seed, realTime: true });
  const cable = new Cable(device);
  const link = new TimerLink({ open: () => cable.open(), reconnect: true, retryDelaysMs: [200], heartbeatMs: 0 });
  await link.connect();
  return {
    port: link,
    link,
    cable,
    name: 'a timer on a cable',
    onNotice: (listener) => link.onNotice(listener),
    close: async () => {
      await link.close();
      await device.close();
    },
  };
}

/** A server offering Rebel Missions, whose timer is the one `timer` opens. */
export function startRmServer(timer: () => Promise<OpenedTimer>, options: Partial<WebServerOptions> = {}) {
  return startTestServer({ games: RM_GAMES, openTimer: () => timer(), ...options });
}
