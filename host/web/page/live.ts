// The live channel from a page: one WebSocket to the server, JSON both ways, opened again after a
// drop (a phone that slept, a server restarted) with a growing pause, the status shown to people.

export type Incoming = Readonly<Record<string, unknown>> & { readonly type: string };

export interface Live {
  send(message: Readonly<Record<string, unknown>>): void;
}

const RETRY_MS = [500, 1000, 2000, 4000, 5000];

export function connectLive(path: string, onMessage: (message: Incoming) => void, onStatus: (text: string, ok: boolean) => void): Live {
  let socket: WebSocket | null = null;
  let tries = 0;
  let stopped = false;
  const open = (): void => {
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
    const ws = new WebSocket(url);
    socket = ws;
    ws.addEventListener('open', () => {
      tries = 0;
      onStatus('Connected', true);
    });
    ws.addEventListener('message', (event) => {
      if (typeof event.data !== 'string') return;
      let value: unknown;
      try {
        value = JSON.parse(event.data);
      } catch {
        return;
      }
      if (typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string') onMessage(value as Incoming);
    });
    ws.addEventListener('close', (event) => {
      if (stopped) return;
      if (event.code === 4000 || event.code === 4004) {
        stopped = true;
        onStatus(
          event.code === 4000 ? 'This match was replaced by a new one: ask for your new link on the table page.' : 'There is no match on this link.',
          false,
        );
        return;
      }
      const wait = RETRY_MS[Math.min(tries, RETRY_MS.length - 1)] as number;
      tries += 1;
      onStatus(`Connection lost; trying again in ${Math.round(wait / 1000)} s…`, false);
      setTimeout(open, wait);
    });
  };
  open();
  return {
    send(message) {
      if (socket !== null && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    },
  };
}
