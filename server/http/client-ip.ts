import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The client's IP: the socket's address, or with TRUST_PROXY the address that the (one) trusted
 * reverse proxy appended last to X-Forwarded-For. In-process requests (tests) have no socket: they
 * answer "local" unless a trusted X-Forwarded-For says otherwise.
 */
export const clientIp = (c: Context, trustProxy: boolean): string => {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const last = forwarded
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .pop();
    if (last) return last.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? 'local';
  } catch {
    return 'local';
  }
};
