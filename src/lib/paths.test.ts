import { describe, expect, it } from 'vitest';
import { api, buildPath } from '@/contract';

describe('buildPath', () => {
  it('fills parameters, encoded', () => {
    expect(buildPath('/api/event/get-details/:id', { id: 42 })).toBe('/api/event/get-details/42');
    expect(buildPath('/api/x/:name', { name: 'a b/c' })).toBe('/api/x/a%20b%2Fc');
  });

  it('drops an absent optional parameter with its slash', () => {
    expect(buildPath('/api/x/:id?')).toBe('/api/x');
    expect(buildPath('/api/x/:id?', { id: 7 })).toBe('/api/x/7');
  });

  it('keeps a trailing slash that is part of the path (product paths that differ by it)', () => {
    expect(buildPath('/api/dashboard/')).toBe('/api/dashboard/');
    expect(buildPath('/api/users/approve/')).toBe('/api/users/approve/');
    expect(buildPath('/api/users/approve')).toBe('/api/users/approve');
    expect(buildPath('/')).toBe('/');
  });

  it('gives every contract endpoint its own path back', () => {
    for (const e of Object.values(api)) {
      const params = Object.fromEntries([...e.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => [m[1]!, 1]));
      expect(buildPath(e.path, params), e.path).toBe(e.path.replace(/:([A-Za-z_]+)\??/g, '1'));
    }
  });
});
