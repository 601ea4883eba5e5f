/**
 * A real HTTP server on 127.0.0.1 for client tests: each test says how to answer, the server records
 * what arrived (method, path, headers, body). Never a mock of fetch.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Handler = (request: Received, response: ServerResponse) => void | Promise<void>;

export interface LocalServer {
  url: string;
  received: Received[];
  /** Answers for `METHOD /path`; unknown routes answer 404. */
  on: (route: string, handler: Handler) => void;
  close: () => Promise<void>;
}

export const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
};

export async function startLocalServer(): Promise<LocalServer> {
  const routes = new Map<string, Handler>();
  const received: Received[] = [];
  const server = createServer((req, res) => {
    // The app under test runs on another origin (happy-dom's), so answer like a CORS-enabled API.
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*');
    res.setHeader('Access-Control-Allow-Methods', 'GET,POST,PUT,PATCH,DELETE,OPTIONS');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const request: Received = {
        method: req.method ?? 'GET',
        path: url.pathname + url.search,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(request);
      const handler = routes.get(`${request.method} ${url.pathname}`);
      if (!handler) {
        json(res, 404, { status: 404, message: 'Not found' });
        return;
      }
      void Promise.resolve(handler(request, res)).catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    on: (route, handler) => routes.set(route, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
