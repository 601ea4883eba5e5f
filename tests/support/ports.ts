/**
 * The one way the tests and the bench pick a port for a server they start (a child process, a
 * browser's debugging port): one free on 127.0.0.1 at the moment of asking.
 */
import { createServer } from 'node:net';

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
