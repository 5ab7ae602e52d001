// lib/host-body.ts patches Node's http.createServer so that the Functions host's body parsers see no
// body (docs/decisions/0016). Run here against the emulator's own host: firebase-tools' Functions
// runtime, made of the express and body-parser it loads, with its parsers. A Node, express or
// firebase-tools upgrade that routes the host's server or its parsers around the patch fails here; the
// stack tests (tests/stack/stack.test.ts) check the same through the running emulator.
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { providerPort } from '../workers/provider-port';
import { hideBodiesFromHost, restoreBodyHeaders } from './host-body';

const require = createRequire(import.meta.url);
const runtimePath = join(dirname(require.resolve('firebase-tools')), 'emulator', 'functionsEmulatorRuntime.js');
const hostRequire = createRequire(runtimePath);

type HostRequest = IncomingMessage & { body?: unknown; rawBody?: Buffer };
type Handler = (req: HostRequest, res: ServerResponse, next: () => void) => void;
interface HostApp extends RequestListener {
  set(name: string, value: unknown): void;
  use(handler: Handler): void;
  all(path: string, handler: Handler): void;
  listen(port: number, host: string): http.Server;
}
const hostExpress = hostRequire('express') as () => HostApp;
const bodyParser = hostRequire('body-parser') as Record<'json' | 'text' | 'urlencoded' | 'raw', (options: object) => Handler>;

/** The emulator's host as functionsEmulatorRuntime.js builds it, running `fn` for every path. */
function emulatorHost(fn: Handler): HostApp {
  const app = hostExpress();
  app.set('env', 'test'); // express 4 prints the errors it answers to the console otherwise
  const limit = '32mb';
  const verify = (req: HostRequest, _res: ServerResponse, buf: Buffer) => {
    req.rawBody = buf;
  };
  app.use(bodyParser.json({ limit, verify }));
  app.use(bodyParser.text({ limit, verify }));
  app.use(bodyParser.urlencoded({ extended: true, limit, verify }));
  app.use(bodyParser.raw({ type: '*/*', limit, verify }));
  app.all('/*', fn);
  return app;
}

const servers: http.Server[] = [];
async function listening(server: http.Server): Promise<string> {
  servers.push(server);
  if (!server.listening) await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** What a function that reads its own body saw: the host's parse, the headers, and the bytes. */
const echoFunction: Handler = (req, res) => {
  const hostSaw = { body: req.body, rawBody: req.rawBody?.length ?? null };
  restoreBodyHeaders(req);
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        hostSaw,
        contentLength: req.headers['content-length'] ?? null,
        transferEncoding: req.headers['transfer-encoding'] ?? null,
        received: Buffer.concat(chunks).toString(),
      }),
    );
  });
};

const original = http.createServer;
let hidden: string;
let ours: string;

beforeAll(async () => {
  hideBodiesFromHost();
  // The host makes its server the way the emulator does: its express's app.listen.
  hidden = await listening(emulatorHost(echoFunction).listen(0, '127.0.0.1'));
  const app = createApp({ providers: providerPort() });
  ours = await listening(emulatorHost((req, res) => app(req, res)).listen(0, '127.0.0.1'));
});

afterAll(async () => {
  for (const server of servers) server.close();
  http.createServer = original;
});

const post = (url: string, body: string | ReadableStream<Uint8Array>, contentType = 'application/json') =>
  fetch(`${url}/api/contact`, { method: 'POST', headers: { 'content-type': contentType }, body, duplex: 'half' } as RequestInit);

describe('the patched thing: http.createServer', () => {
  it('is a plain, writable function on the module object CommonJS hosts call it through', () => {
    expect(require('node:http')).toBe(http);
    expect(Object.getOwnPropertyDescriptor(http, 'createServer')).toMatchObject({ writable: true, value: expect.any(Function) });
    expect(http.createServer).not.toBe(original);
  });

  it('gives the servers made afterwards a request listener that runs before the host’s', () => {
    const host: RequestListener = () => undefined;
    const server = http.createServer(host);
    expect(server.listeners('request')).toHaveLength(2);
    expect(server.listeners('request')[1]).toBe(host);
  });

  it('is how the emulator’s host still makes its server (its express app’s listen)', () => {
    const runtime = readFileSync(runtimePath, 'utf8');
    expect(runtime).toMatch(/\bapp\.listen\(/);
    expect(runtime).toMatch(/bodyParser\.json\(/);
  });
});

describe('a body under the emulator’s host', () => {
  it('is not parsed by the host, and reaches the function whole with its content-length', async () => {
    const res = await post(hidden, '{"name":"Asad"}');
    expect(await res.json()).toEqual({
      hostSaw: { body: {}, rawBody: null },
      contentLength: '15',
      transferEncoding: null,
      received: '{"name":"Asad"}',
    });
  });

  it('is not parsed by the host when chunked either', async () => {
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('key=abc&'));
        controller.enqueue(new TextEncoder().encode('action=balance'));
        controller.close();
      },
    });
    const res = await post(hidden, stream, 'application/x-www-form-urlencoded');
    expect(await res.json()).toEqual({
      hostSaw: { body: {}, rawBody: null },
      contentLength: null,
      transferEncoding: 'chunked',
      received: 'key=abc&action=balance',
    });
  });

  it('that is malformed is answered by the app in its own format, and one over 64 KiB with its 413', async () => {
    const malformed = await post(ours, '{"name":');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'invalid_json' });
    const big = await post(ours, JSON.stringify({ name: 'a', email: 'a@example.com', message: 'x'.repeat(70_000) }));
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ code: 'body_too_large' });
  });

  it('without the patch, is answered by the host’s own HTML 400 (what the patch is for)', async () => {
    const app = createApp({ providers: providerPort() });
    const bare = await listening(original(emulatorHost((req, res) => app(req, res))).listen(0, '127.0.0.1'));
    const res = await post(bare, '{"name":');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  });
});
