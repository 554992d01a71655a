// The live channel from a page: one WebSocket to the server, JSON both ways, opened again after a
// drop (a phone that slept, a server restarted) with a growing pause, the status shown to people.
// A drop is said for what it is: the computer's companion stopped (close code 1012), or it answers
// but plays no match on this link (its page answers 404: the server was started again and the
// match not resumed yet): then someone must resume it on the computer's start page, and the page
// keeps trying, so it joins again by itself once the match is resumed (a resumed match keeps its links).
// Both ways the messages are the types of `../messages.ts`.

import type { PageMessage, ServerMessage } from '../messages.ts';

export interface Live {
  send(message: PageMessage): void;
}

const RETRY_MS = [500, 1000, 2000, 4000, 5000];

const RESUME_HINT = 'someone must resume it on the computer\'s start page ("Resume the saved match"); this page then joins again by itself';
const STOPPED = `The companion on the computer stopped, so this match is not being played now: when it runs again, ${RESUME_HINT}.`;
const NOT_PLAYED = `This match is not being played now: ${RESUME_HINT}.`;
const NOT_SENT = 'Not sent: this page is not connected to the companion just now (it joins again by itself); do it again once it says Connected.';

/** What this page's own address answers now: the page (the match is played), 404 (no match on this link), or nothing (the server is down). */
async function pageAnswer(): Promise<'page' | 'no-match' | 'down'> {
  try {
    const response = await fetch(location.pathname, { method: 'HEAD', cache: 'no-store' });
    return response.status === 404 ? 'no-match' : 'page';
  } catch {
    return 'down';
  }
}

export function connectLive(path: string, onMessage: (message: ServerMessage) => void, onStatus: (text: string, ok: boolean) => void): Live {
  let socket: WebSocket | null = null;
  let tries = 0;
  let stopped = false;
  /** The server said it was stopping (1012) since the channel was last open. */
  let serverStopped = false;
  const open = (): void => {
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
    const ws = new WebSocket(url);
    socket = ws;
    ws.addEventListener('open', () => {
      tries = 0;
      serverStopped = false;
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
      // The server's messages are `ServerMessage`s (messages.ts: the compiler checks the server's side).
      if (typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string') onMessage(value as ServerMessage);
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
      if (event.code === 1012) serverStopped = true;
      const wait = RETRY_MS[Math.min(tries, RETRY_MS.length - 1)] as number;
      tries += 1;
      const retrying = `Connection lost; trying again in ${Math.round(wait / 1000)} s…`;
      if (!serverStopped) onStatus(retrying, false);
      void pageAnswer().then((answer) => {
        if (stopped || socket !== ws) return;
        if (answer === 'no-match') onStatus(NOT_PLAYED, false);
        else if (answer === 'down' && serverStopped) onStatus(STOPPED, false);
        else onStatus(retrying, false);
      });
      setTimeout(open, wait);
    });
  };
  open();
  return {
    send(message) {
      if (socket !== null && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
      // Not lost without a word: the person is told to do it again once the page is back.
      else onStatus(NOT_SENT, false);
    },
  };
}
