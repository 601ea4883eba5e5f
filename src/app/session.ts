/**
 * Session state (docs/product.md §3, docs/architecture.md §5): kept in IndexedDB through idb-keyval under the product's keys,
 * mirrored in memory for synchronous reads, and hydrated before the first render.
 */
import { delMany, getMany, setMany } from 'idb-keyval';
import { useSyncExternalStore } from 'react';
import type { Localized } from '@/contract';
import {
  DEFAULT_LANGUAGE,
  PERMISSIONS,
  ROLES,
  type Language,
  type Permission,
  type Role,
} from '@/contract/plain';
import { isLanguage } from './i18n';
import { markSession } from './first-screen-marks';
import { DEVICE_KEY } from './device-key';

/** The IndexedDB keys, exactly as docs/product.md §3 names them, plus the permission list and the Arabic name. */
const SESSION_KEYS = {
  loginToken: 'loginToken',
  name: 'name',
  email: 'email',
  role: 'role',
  profileImage: 'profileImage',
  language: 'language',
  permissions: 'permissions',
  nameAr: 'nameAr',
} as const;

/** docs/product.md §3 and §9 defaults. */
const DEFAULT_NAME = 'ADMIN';

export interface Session {
  loginToken: string | null;
  /** The English name (docs/product.md: the en value of the login answer); `DEFAULT_NAME` when absent. */
  name: string;
  /** The Arabic name, shown in Arabic when present. */
  nameAr: string | null;
  email: string;
  /** The role code; `null` until known (the label then falls back to "Admin", the grants to nothing). */
  role: Role | null;
  /** A path on the site (appended to the site base URL), or null for the default avatar. */
  profileImage: string | null;
  language: Language;
  /** The permission list of the signed-in user; `null` until the role endpoint answered once. */
  permissions: Permission[] | null;
  /**
   * Why the session ended (a 401's reason), for the sign-in screen to say (docs/product.md §4); kept
   * in memory only, and gone with the next sign-in.
   */
  endedBecause?: string;
}

const defaultSession = (): Session => ({
  loginToken: null,
  name: DEFAULT_NAME,
  nameAr: null,
  email: '',
  role: null,
  profileImage: null,
  language: DEFAULT_LANGUAGE,
  permissions: null,
});

let state: Session = defaultSession();
const listeners = new Set<() => void>();

const emit = () => {
  for (const listener of listeners) listener();
};

/** Every change of the session goes through here: listeners hear of it, and the marks follow it. */
const replace = (next: Session) => {
  state = next;
  markSession(state.loginToken !== null, state.language);
  emit();
};

const update = (patch: Partial<Session>) => replace({ ...state, ...patch });

/** Storage errors (private mode, quota) must not break the app: the memory copy still works. */
const persist = async (work: () => Promise<void>) => {
  try {
    await work();
  } catch (error) {
    console.warn('Could not write the session to IndexedDB', error);
  }
};

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);
const isPermissionList = (value: unknown): value is Permission[] =>
  Array.isArray(value) && value.every((p) => (PERMISSIONS as readonly string[]).includes(p as string));

/** Reads the session from IndexedDB (once before the first render). */
export async function hydrateSession(): Promise<Session> {
  const keys = [
    SESSION_KEYS.loginToken,
    SESSION_KEYS.name,
    SESSION_KEYS.email,
    SESSION_KEYS.role,
    SESSION_KEYS.profileImage,
    SESSION_KEYS.language,
    SESSION_KEYS.permissions,
    SESSION_KEYS.nameAr,
  ];
  let values: unknown[] = [];
  try {
    values = await getMany(keys);
  } catch (error) {
    console.warn('Could not read the session from IndexedDB', error);
  }
  const [loginToken, name, email, role, profileImage, language, permissions, nameAr] = values;
  replace({
    loginToken: str(loginToken),
    name: str(name) ?? DEFAULT_NAME,
    nameAr: str(nameAr),
    email: str(email) ?? '',
    role: isRole(role) ? role : null,
    profileImage: str(profileImage),
    language: isLanguage(language) ? language : DEFAULT_LANGUAGE,
    permissions: isPermissionList(permissions) ? permissions : null,
  });
  return state;
}

export const getSession = (): Session => state;

export const subscribeSession = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** The session as React state. */
export const useSession = (): Session => useSyncExternalStore(subscribeSession, getSession, getSession);

/* ------------------------------------------------------------------ writes */

export interface SignIn {
  token: string;
  name: Localized;
  email: string;
  profileImage: string | null;
  role: Role;
  /** The language saved on the server (docs/decisions/0023-screens-for-staff.md). */
  language?: Language;
}

/** Stores a successful login (docs/product.md §3): the permissions wait for the role endpoint. */
export async function storeSignIn(answer: SignIn): Promise<void> {
  const email = answer.email.trim().toLowerCase();
  update({
    loginToken: answer.token,
    name: answer.name.en || DEFAULT_NAME,
    nameAr: answer.name.ar || null,
    email,
    role: answer.role,
    profileImage: answer.profileImage || null,
    permissions: null,
    endedBecause: undefined,
  });
  await persist(async () => {
    await setMany([
      [SESSION_KEYS.loginToken, answer.token],
      [SESSION_KEYS.name, answer.name.en || DEFAULT_NAME],
      [SESSION_KEYS.nameAr, answer.name.ar || ''],
      [SESSION_KEYS.email, email],
      [SESSION_KEYS.role, answer.role],
      [SESSION_KEYS.profileImage, answer.profileImage ?? ''],
    ]);
    await delMany([SESSION_KEYS.permissions]);
  });
}

/** The role endpoint answered: role and permission list. */
export async function storeRole(role: Role, permissions: Permission[]): Promise<void> {
  update({ role, permissions });
  await persist(() =>
    setMany([
      [SESSION_KEYS.role, role],
      [SESSION_KEYS.permissions, permissions],
    ]),
  );
}

/** My Profile changed the name or picture. */
export async function storeProfile(patch: { name?: Localized; profileImage?: string | null }): Promise<void> {
  const next: Partial<Session> = {};
  const entries: [string, string][] = [];
  if (patch.name) {
    next.name = patch.name.en || DEFAULT_NAME;
    next.nameAr = patch.name.ar || null;
    entries.push([SESSION_KEYS.name, next.name], [SESSION_KEYS.nameAr, patch.name.ar]);
  }
  if (patch.profileImage !== undefined) {
    next.profileImage = patch.profileImage || null;
    entries.push([SESSION_KEYS.profileImage, patch.profileImage ?? '']);
  }
  update(next);
  await persist(() => setMany(entries));
}

export async function storeLanguage(language: Language): Promise<void> {
  update({ language });
  await persist(() => setMany([[SESSION_KEYS.language, language]]));
}

/**
 * A 401 or a failed role fetch: only the token goes (docs/product.md §4); `reason` says why. The
 * user's outbox key goes with it, in the same write: what they left unsent stays sealed until their
 * next sign-in (docs/decisions/0036-each-users-outbox-sealed-on-the-device.md).
 */
export async function removeToken(reason?: string): Promise<void> {
  update({ loginToken: null, endedBecause: reason });
  await persist(() => delMany([SESSION_KEYS.loginToken, DEVICE_KEY]));
}

/** Sign Out: the token, the user's keys (their outbox key too) and the permissions go; the language stays. */
export async function clearSession(): Promise<void> {
  replace({ ...defaultSession(), language: state.language });
  await persist(() =>
    delMany([
      DEVICE_KEY,
      SESSION_KEYS.loginToken,
      SESSION_KEYS.name,
      SESSION_KEYS.nameAr,
      SESSION_KEYS.email,
      SESSION_KEYS.role,
      SESSION_KEYS.profileImage,
      SESSION_KEYS.permissions,
    ]),
  );
}

/* ----------------------------------------------------------------- readers */

/** The user's name in the reader's language when that value exists. */
export const displayName = (session: Session, language: Language = session.language): string =>
  language === 'ar' && session.nameAr ? session.nameAr : session.name;

/** Where the avatar comes from: the stored path under the site base URL, or the default avatar. */
export const DEFAULT_AVATAR = `${import.meta.env.BASE_URL}images/default-avatar.svg`;
export const AVATAR_SIZE = 36;

export function profileImageUrl(path: string | null, origin: string = window.location.origin): string {
  if (!path) return DEFAULT_AVATAR;
  if (/^(https?:|blob:|data:)/.test(path)) return path;
  return `${origin}/${path.replace(/^\/+/, '')}`;
}

/** Test helper: back to the state before hydration. */
export const resetSessionForTests = () => {
  state = defaultSession();
  emit();
};
