/**
 * The kit of the server suites (docs/architecture.md §7), on top of tests/setup/server.ts: a test of
 * an area is a few lines, sign in as a role, call the API, upload a file.
 *
 *   const t = await createTestServer({ demoData: true });
 *   const call = apiOf(t);
 *   const admin = await signInAs(t, 'admin');
 *   const res = await call('POST', '/api/event/image', admin, pngForm('poster.png'));
 *   expect((await call('GET', '/api/master/role', admin, undefined, { lang: 'ar' })).status).toBe(200);
 */
import { demoPng } from '../../server/seed/demo-data';
import { DEMO, DEMO_PASSWORD, type TestResponse, type TestServer } from '../setup/server';

/** The one small valid PNG (1×1) the suites upload: the demo data's (server/seed/demo-data.ts). */
export const PNG = Uint8Array.from(demoPng());

/** `PNG` as an uploaded file named `name`. */
export const pngFile = (name = 'picture.png') => new File([PNG], name, { type: 'image/png' });

/** A multipart body with `PNG` in the field "file", as the upload endpoints take it. */
export const pngForm = (name = 'picture.png') => {
  const form = new FormData();
  form.append('file', pngFile(name));
  return form;
};

export interface CallOptions {
  /** Accept-Language of the request. */
  lang?: string;
  headers?: Record<string, string>;
}

/** One request to the app: `body` as `TestServer.request` sends it (JSON, FormData, text or bytes). */
export type Call = (
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  opts?: CallOptions,
) => Promise<TestResponse>;

/**
 * `call(method, path, token, body, opts)` over `t.request`. Give a function for a server that is made
 * later (`apiOf(() => t)` at the top of a file whose `beforeAll` makes `t`); `defaults` apply to every
 * call (a call's own `lang` wins, its headers are added).
 */
export const apiOf =
  (server: TestServer | (() => TestServer), defaults: CallOptions = {}): Call =>
  (method, path, token, body, opts = {}) =>
    (typeof server === 'function' ? server() : server).request(method, path, {
      token,
      body,
      lang: opts.lang ?? defaults.lang,
      headers: { ...defaults.headers, ...opts.headers },
    });

/** The demo accounts that can sign in (server/seed/demo-accounts.ts). */
export type DemoRole = 'admin' | 'manager' | 'provider';

/** Signs in as the demo account of `role` and returns its bearer token. */
export const signInAs = (t: TestServer, role: DemoRole): Promise<string> =>
  t.login(DEMO[role].email, DEMO_PASSWORD);

/** The link's token of the newest invitation mailed to `email` (docs/decisions/0063-invitations.md). */
export const invitationTokenOf = async (t: TestServer, email: string): Promise<string> => {
  await t.smtp.waitFor((m) => m.to.includes(email) && m.text.includes('/admin/invitation?token='));
  const mail = t.smtp.messages.filter((m) => m.to.includes(email) && m.text.includes('?token=')).at(-1)!;
  return /\/admin\/invitation\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
};

/**
 * Sets the password of an account added by staff, as its invitee does on the invitation's page:
 * the account signs in with `password` from then on.
 */
export const acceptInvitation = async (t: TestServer, email: string, password: string) => {
  const token = await invitationTokenOf(t, email);
  const res = await t.request('POST', '/api/invitation/accept', { body: { token, password } });
  if (res.status !== 200) throw new Error(`accepting the invitation of ${email}: ${res.status} ${res.text}`);
};
