import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { BaseRecord } from '@/resources/queries';
import type { ActionContext, AreaAction, AreaConfig } from '@/resources/types';
import { primaryAction } from '@/resources/actions';
import { statusOptions } from '@/resources/cells';
import { advertisementArea } from './advertisement';
import { bookingArea } from './booking';
import { eventArea } from './event';
import { notificationArea } from './notification';
import { serviceProviderArea } from './serviceprovider';
import { supervisorArea } from './supervisor';
import { userArea } from './user';

const staff: ActionContext = {
  queryClient: new QueryClient(),
  role: 'admin',
  permissions: ['serviceprovider', 'supervisor', 'usermanager', 'event', 'booking', 'advertisement'],
};
const row = (fields: Record<string, unknown>) =>
  ({ id: 1, version: 1, createdAt: '', updatedAt: '', invitation: null, ...fields }) as unknown as BaseRecord;
const visible = (area: AreaConfig<BaseRecord>, fields: Record<string, unknown>) =>
  (area.actions ?? []).filter((a) => a.visible?.(row(fields), staff) ?? true);
const primaryOf = (actions: AreaAction<BaseRecord>[]) => primaryAction(actions)?.id ?? 'edit';
/** An event that has not begun (some moves are allowed before the start only). */
const FUTURE = { featured: true, startsAt: '2099-01-01T18:00:00Z', endsAt: '2099-01-01T21:00:00Z' };
const moves = new Set(['approve', 'reject', 'block', 'unblock']);
const accountAreas = {
  user: userArea,
  serviceprovider: serviceProviderArea,
  supervisor: supervisorArea,
} as unknown as Record<string, AreaConfig<BaseRecord>>;

describe("an account's status moves (src/areas/account-moves.ts)", () => {
  it('are one word per move in every area with accounts: unblock, never approve, for a blocked account', () => {
    const seen: Record<string, Record<string, string[]>> = {};
    for (const [key, area] of Object.entries(accountAreas)) {
      seen[key] = {};
      for (const status of ['0', '1', '2', '3'])
        seen[key][status] = visible(area, { status }).flatMap((a) => (moves.has(a.id) ? [a.id] : []));
    }
    expect(seen).toEqual({
      user: { '0': ['approve', 'reject'], '1': ['block'], '2': ['approve'], '3': ['unblock'] },
      serviceprovider: { '0': ['approve', 'reject'], '1': ['block'], '2': ['approve'], '3': ['unblock'] },
      // A supervisor's endpoint sets approved or blocked only.
      supervisor: { '0': ['approve'], '1': ['block'], '2': ['approve'], '3': ['unblock'] },
    });
    // The same words: each move's label is one message in every area.
    for (const id of moves) {
      const labels = new Set(
        Object.values(accountAreas).flatMap((area) =>
          (area.actions ?? []).filter((a) => a.id === id).map((a) => a.label.id),
        ),
      );
      expect(labels.size, id).toBe(1);
    }
  });

  it('send a blocked account back to approved, and a supervisor is filtered by the statuses users are', async () => {
    const sent: string[] = [];
    for (const area of Object.values(accountAreas)) {
      const unblock = area.actions!.find((a) => a.id === 'unblock')!;
      expect(unblock.bulk?.params(null)).toEqual({ status: '1' });
      const block = area.actions!.find((a) => a.id === 'block')!;
      sent.push(String(block.bulk?.params('why')?.status));
    }
    expect(sent).toEqual(['3', '3', '3']);
    // The supervisor's bulk endpoint takes a status alone (src/contract/bulk.ts): no reason is sent.
    expect(supervisorArea.actions!.find((a) => a.id === 'block')!.bulk?.params('why')).toEqual({
      status: '3',
    });
    expect(supervisorArea.filters?.find((f) => f.key === 'status')).toMatchObject({ options: statusOptions });
  });
});

describe("a read view's one primary button", () => {
  it("is the record's next step where it has one, else Edit; never a destructive action", () => {
    const areas = [
      eventArea,
      bookingArea,
      advertisementArea,
      notificationArea,
      ...Object.values(accountAreas),
    ] as AreaConfig<BaseRecord>[];
    for (const area of areas)
      for (const action of area.actions ?? []) expect(action.primary && action.danger, action.id).toBeFalsy();
    const of = (area: AreaConfig<BaseRecord>, fields: Record<string, unknown>) =>
      primaryOf(visible(area, fields));
    expect([
      of(eventArea as unknown as AreaConfig<BaseRecord>, { status: 'draft', ...FUTURE }),
      of(eventArea as unknown as AreaConfig<BaseRecord>, { status: 'pending', ...FUTURE }),
      of(eventArea as unknown as AreaConfig<BaseRecord>, { status: 'approved', ...FUTURE }),
      of(bookingArea as unknown as AreaConfig<BaseRecord>, { status: 'pending', paymentStatus: 'pending' }),
      of(bookingArea as unknown as AreaConfig<BaseRecord>, { status: 'confirmed', paymentStatus: 'paid' }),
      of(userArea as unknown as AreaConfig<BaseRecord>, { status: '1' }),
      of(userArea as unknown as AreaConfig<BaseRecord>, { status: '3' }),
    ]).toEqual([
      'status-pending',
      'status-approved',
      'edit',
      'status-confirmed',
      'status-checked_in',
      'edit',
      'unblock',
    ]);
  });
});
