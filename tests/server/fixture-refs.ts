/**
 * Records of the demo data that the area fixtures (tests/server/resource-fixtures.ts) refer to:
 * a location, coming approved events with bookings, an uploaded advertisement image and the
 * privacy policy page. Shared by the registry suite and the security suites.
 */
import { demoPng } from '../../server/seed/demo-data';
import type { TestServer } from '../setup/server';

type Rec = Record<string, unknown> & { id: number; version: number };

export interface AreaRefs {
  /** A location in the given city. */
  locationId: number;
  /** An uploaded advertisement image. */
  adImage: string;
  /** The privacy policy page. */
  privacyPageId: number;
  /** The first approved, coming event with bookings that `accept` takes. */
  eventWithBookings(accept: (event: Rec) => boolean): Promise<Rec | undefined>;
  /** Approved, coming events. */
  coming: Rec[];
}

export async function areaRefs(t: TestServer, adminToken: string, cityId: number): Promise<AreaRefs> {
  const items = async (path: string) => {
    const res = await t.request('GET', path, { token: adminToken });
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${res.text}`);
    return res.body.data.items as Rec[];
  };
  const location = (await items(`/api/master/listwithpagination?type=location&cityId=${cityId}`))[0];
  if (!location) throw new Error(`The demo data has no location in city ${cityId}`);
  const coming = await items(
    `/api/event?status=approved&from=${t.clock.now().toISOString().slice(0, 10)}&pageSize=100`,
  );
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(demoPng())], { type: 'image/png' }), 'ad.png');
  const upload = await t.request('POST', '/api/advertisement/image', { token: adminToken, body: form });
  if (upload.status !== 201) throw new Error(`ad image upload: ${upload.status} ${upload.text}`);
  const privacy = (await items('/api/pages?slug=privacy-policy'))[0];
  if (!privacy) throw new Error('The demo data has no privacy policy page');
  const eventWithBookings = async (accept: (event: Rec) => boolean) => {
    for (const e of coming.filter(accept)) {
      const res = await t.request('GET', `/api/booking?eventId=${e.id}`, { token: adminToken });
      if (res.body.data.total > 0) return e;
    }
    return undefined;
  };
  return {
    locationId: location.id,
    adImage: upload.body.data.path as string,
    privacyPageId: privacy.id,
    eventWithBookings,
    coming,
  };
}
