// Server-Timing and X-Firestore-Reads are set just before an answer's head is written, by on-headers,
// which replaces the response's writeHead (docs/decisions/0016). It sees the head only when Node writes
// it through res.writeHead, implicit heads (res.write, res.end) included: a Node, Express or on-headers
// upgrade that writes a head another way fails here instead of dropping the headers silently.
import { once } from 'node:events';
import http, { type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import onHeaders from 'on-headers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { READS_HEADER } from './lib/read-counter';
import { providerPort } from './workers/provider-port';

const servers: http.Server[] = [];
async function serve(listener: http.RequestListener): Promise<string> {
  const server = http.createServer(listener).listen(0, '127.0.0.1');
  servers.push(server);
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterAll(() => {
  for (const server of servers) server.close();
});

describe('what on-headers relies on', () => {
  it('is Node’s ServerResponse writing every head through the instance’s writeHead', () => {
    const proto = http.ServerResponse.prototype as ServerResponse & { _implicitHeader?: unknown };
    expect(proto.writeHead).toBeTypeOf('function');
    expect(proto.writeHead.length).toBe(3); // (statusCode, statusMessage?, headers?)
    expect(proto._implicitHeader).toBeTypeOf('function');
    expect(String(proto._implicitHeader)).toMatch(/this\.writeHead\(/);
    expect(onHeaders).toBeTypeOf('function');
    expect(onHeaders.length).toBe(2);
  });

  describe('every way a route answers', () => {
    let url: string;
    const calls: string[] = [];

    beforeAll(async () => {
      const app = express();
      app.use((req, res, next) => {
        onHeaders(res, () => {
          calls.push(req.path);
          res.setHeader('Server-Timing', 'app;dur=1.0');
        });
        next();
      });
      app.get('/json', (_req, res) => {
        res.json({ ok: true });
      });
      app.get('/no-content', (_req, res) => {
        res.status(204).end();
      });
      app.get('/stream', (_req, res) => {
        res.setHeader('content-type', 'text/csv');
        res.write('a,b\n');
        res.end('1,2\n');
      });
      app.get('/write-head', (_req, res) => {
        res.writeHead(201, { 'content-type': 'text/plain' }).end('made');
      });
      app.get('/write-head-array', (_req, res) => {
        res.writeHead(202, 'Accepted', ['content-type', 'text/plain']).end('queued');
      });
      app.get('/error', (_req, _res, next) => {
        next(Object.assign(new Error('refused'), { status: 418, expose: true }));
      });
      app.use((_error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
        res.status(418).json({ message: 'refused' });
      });
      url = await serve(app);
    });

    it.each([
      ['GET', '/json', 200],
      ['GET', '/no-content', 204],
      ['GET', '/stream', 200],
      ['GET', '/write-head', 201],
      ['GET', '/write-head-array', 202],
      ['GET', '/error', 418],
      ['HEAD', '/json', 200],
      ['GET', '/missing', 404],
    ])('%s %s: the header is on the answer, set once', async (method, path, status) => {
      calls.length = 0;
      const res = await fetch(`${url}${path}`, { method });
      await res.arrayBuffer();
      expect(res.status).toBe(status);
      expect(res.headers.get('server-timing')).toBe('app;dur=1.0');
      expect(calls).toEqual([path]);
    });

    it('keeps the status and headers given to writeHead itself', async () => {
      const res = await fetch(`${url}/write-head-array`);
      expect([res.status, res.statusText, res.headers.get('content-type'), await res.text()]).toEqual([
        202,
        'Accepted',
        'text/plain',
        'queued',
      ]);
    });
  });
});

describe('the app’s answers', () => {
  let plain: string;
  let counting: string;

  beforeAll(async () => {
    plain = await serve(createApp({ providers: providerPort(), countFirestoreReads: false }));
    counting = await serve(createApp({ providers: providerPort(), countFirestoreReads: true }));
  });

  it.each([
    ['an answer', '/api/health', 200],
    ['an error', '/api/nope', 404],
  ])('carry Server-Timing and the request id on %s', async (_label, path, status) => {
    const res = await fetch(`${plain}${path}`);
    expect(res.status).toBe(status);
    expect(res.headers.get('server-timing')).toMatch(/^app;dur=\d+\.\d$/);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get(READS_HEADER)).toBeNull();
  });

  it('carry X-Firestore-Reads when counting', async () => {
    const res = await fetch(`${counting}/api/health`);
    expect(res.headers.get(READS_HEADER)).toBe('0');
    expect(res.headers.get('server-timing')).toMatch(/^app;dur=\d+\.\d$/);
  });
});
