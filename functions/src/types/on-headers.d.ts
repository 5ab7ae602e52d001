// on-headers (the version Express's own middleware uses) ships no types, and @types/on-headers' latest
// release is a mis-published copy of serve-favicon's: the one function the app calls, declared here.
declare module 'on-headers' {
  import type { ServerResponse } from 'node:http';

  /** Calls `listener` once, just before `res` writes its status line and headers (through res.writeHead). */
  export default function onHeaders<R extends ServerResponse>(res: R, listener: (this: R) => void): void;
}
