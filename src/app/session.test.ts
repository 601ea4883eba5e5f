import { i18n } from '@lingui/core';
import { clear, get, set } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { roleLabel } from './roles';
import {
  clearSession,
  DEFAULT_AVATAR,
  displayName,
  getSession,
  hydrateSession,
  profileImageUrl,
  removeToken,
  resetSessionForTests,
  storeLanguage,
  storeRole,
  storeSignIn,
} from './session';
import { LANGUAGE_MARK, SIGNED_IN_MARK } from './first-screen-marks';

beforeEach(async () => {
  await clear();
  resetSessionForTests();
  i18n.activate('en');
});

const signIn = () =>
  storeSignIn({
    token: 'tok',
    name: { en: 'Omar Haddad', ar: 'عمر حداد' },
    email: 'Omar@Example.com',
    profileImage: 'uploads/avatars/omar.png',
    role: 'manager',
  });

describe('session defaults (docs/product.md §3, §9)', () => {
  it('starts signed out with name ADMIN, role label Admin, language en and no permissions', async () => {
    const session = await hydrateSession();
    expect(session).toMatchObject({
      loginToken: null,
      name: 'ADMIN',
      email: '',
      role: null,
      profileImage: null,
      language: 'en',
      permissions: null,
    });
    expect(roleLabel(i18n, session.role)).toBe('Admin');
    expect(profileImageUrl(session.profileImage)).toBe(DEFAULT_AVATAR);
    expect(DEFAULT_AVATAR).toBe(`${import.meta.env.BASE_URL}images/default-avatar.svg`);
  });

  it('ignores malformed stored values', async () => {
    await set('language', 'fr');
    await set('role', 'root');
    await set('permissions', ['dashboard', 'everything']);
    const session = await hydrateSession();
    expect(session.language).toBe('en');
    expect(session.role).toBeNull();
    expect(session.permissions).toBeNull();
  });
});

describe('session storage keys', () => {
  it('stores a login under the product keys, and reads them back after a reload', async () => {
    await signIn();
    expect(await get('loginToken')).toBe('tok');
    expect(await get('name')).toBe('Omar Haddad');
    expect(await get('email')).toBe('omar@example.com');
    expect(await get('role')).toBe('manager');
    expect(await get('profileImage')).toBe('uploads/avatars/omar.png');
    await storeRole('manager', ['dashboard', 'event']);
    expect(await get('permissions')).toEqual(['dashboard', 'event']);

    resetSessionForTests();
    const session = await hydrateSession();
    expect(session).toMatchObject({
      loginToken: 'tok',
      name: 'Omar Haddad',
      nameAr: 'عمر حداد',
      role: 'manager',
      permissions: ['dashboard', 'event'],
    });
  });

  it('grants nothing after a login until the role answers', async () => {
    await storeRole('admin', ['dashboard']);
    await signIn();
    expect(getSession().permissions).toBeNull();
    expect(await get('permissions')).toBeUndefined();
  });

  it('shows the name in the reader’s language when it exists', async () => {
    await signIn();
    expect(displayName(getSession(), 'en')).toBe('Omar Haddad');
    expect(displayName(getSession(), 'ar')).toBe('عمر حداد');
  });

  it('builds the picture address on the site base URL', () => {
    expect(profileImageUrl('uploads/a.png', 'https://bo.example')).toBe('https://bo.example/uploads/a.png');
    expect(profileImageUrl('/uploads/a.png', 'https://bo.example')).toBe('https://bo.example/uploads/a.png');
    expect(profileImageUrl('', 'https://bo.example')).toBe(DEFAULT_AVATAR);
  });

  it('marks in localStorage whether the device holds a session, and its language (the first-screen preload reads them)', async () => {
    localStorage.clear();
    await signIn();
    expect(localStorage.getItem(SIGNED_IN_MARK)).toBe('1');
    await storeLanguage('ar');
    expect(localStorage.getItem(LANGUAGE_MARK)).toBe('ar');
    await removeToken();
    expect(localStorage.getItem(SIGNED_IN_MARK)).toBeNull();
    await signIn();
    await clearSession();
    expect(localStorage.getItem(SIGNED_IN_MARK)).toBeNull();
    expect(localStorage.getItem(LANGUAGE_MARK)).toBe('ar'); // Sign Out keeps the language.
    // A session read back from IndexedDB sets the mark again (devices signed in before it existed).
    await set('loginToken', 'kept');
    await hydrateSession();
    expect(localStorage.getItem(SIGNED_IN_MARK)).toBe('1');
  });

  it('a 401 removes only the token', async () => {
    await signIn();
    await removeToken();
    expect(await get('loginToken')).toBeUndefined();
    expect(await get('email')).toBe('omar@example.com');
    expect(getSession().loginToken).toBeNull();
  });

  it('Sign Out removes the user’s keys and permissions but keeps the language', async () => {
    await storeLanguage('ar');
    await signIn();
    await storeRole('manager', ['dashboard']);
    await clearSession();
    for (const key of ['loginToken', 'name', 'email', 'role', 'profileImage', 'permissions']) {
      expect(await get(key), key).toBeUndefined();
    }
    expect(await get('language')).toBe('ar');
    expect(getSession()).toMatchObject({
      loginToken: null,
      name: 'ADMIN',
      language: 'ar',
      permissions: null,
    });
  });
});
