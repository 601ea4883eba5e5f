import { describe, expect, it } from 'vitest';
import { countryResource, eventResource, resources } from '../../src/contract/areas';
import type { Resource } from '../../src/contract/resource';
import { areas } from '../areas';
import type { ResourceImpls } from './impl';
import { assertServable } from './resource-router';

const impls = (): ResourceImpls =>
  Object.fromEntries(Object.entries(areas).map(([key, area]) => [key, area.resource]));

describe('a declaration the engine cannot serve is refused when the server starts', () => {
  it('serves every area of the registry', () => {
    expect(() => assertServable(impls())).not.toThrow();
  });

  it('refuses a master only admins hold, whose pickers a provider reaches, without a scope', () => {
    // Its options are open to everyone signed in: a provider, without the permission, would get
    // its own records only, and the master says nothing of whose they are.
    const adminsOnly = { ...countryResource, permission: 'pages' } as unknown as Resource;
    expect(() => assertServable(impls(), [adminsOnly])).toThrow(
      /"country": a service provider reaches it limited to its own records, but its implementation has no scope/,
    );
  });

  it('refuses a provider-scoped resource without a scope, and a resource without an implementation', () => {
    const all = impls();
    const { scope: _, ...unscoped } = all.event!;
    expect(() => assertServable({ ...all, event: unscoped }, [eventResource as unknown as Resource])).toThrow(
      /"event".*no scope/,
    );
    const { country: __, ...withoutCountry } = all;
    expect(() => assertServable(withoutCountry, resources as unknown as Resource[])).toThrow(
      /No server implementation for resource "country"/,
    );
  });
});
