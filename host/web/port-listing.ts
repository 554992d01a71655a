// The serial ports for the start page's timer list, shared: listing them runs a program per port
// (udevadm), so a flood of "ports" requests must not run one listing each. One listing at a time
// serves every request that comes while it runs, and its answer serves those of the next
// `cacheMs` too. A listing that fails is not kept (the next request tries again).

export interface PortListing {
  readonly ports: { path: string; description: string }[];
  readonly note?: string;
}

export function sharedPortListing(list: () => Promise<PortListing>, cacheMs: number, now: () => number = () => performance.now()): () => Promise<PortListing> {
  let running: Promise<PortListing> | null = null;
  let last: { readonly at: number; readonly listing: PortListing } | null = null;
  return () => {
    if (last !== null && now() - last.at < cacheMs) return Promise.resolve(last.listing);
    if (running !== null) return running;
    const listing = list().then((value) => {
      last = { at: now(), listing: value };
      return value;
    });
    running = listing;
    const done = (): void => {
      if (running === listing) running = null;
    };
    listing.then(done, done);
    return listing;
  };
}
