/**
 * The demo accounts (demo mode only; production seeds none). README, the start-up banner, the seed
 * and the tests all read them from here.
 */
import { USER_STATUS, type Role, type UserStatus } from '../../src/contract/roles';

export const DEMO_PASSWORD = 'Demo-Pass-2026!';

export interface DemoAccount {
  key: 'admin' | 'manager' | 'provider' | 'pending' | 'blocked' | 'door' | 'twofactor';
  email: string;
  role: Role;
  status: UserStatus;
  name: { en: string; ar: string };
  phone: string;
  /** Shown in the start-up banner as a working sign-in. */
  canSignIn: boolean;
  /** The demo account whose service provider's account this is (a door account of the demo provider). */
  of?: DemoAccount['key'];
  /**
   * Signs in with a second factor: seeded with a confirmed TOTP factor whose secret (random, made at
   * seed) the server prints at every start in demo mode (docs/security.md, "Two-factor sign-in").
   */
  twoFactor?: boolean;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    key: 'admin',
    email: 'admin@example.com',
    role: 'admin',
    status: USER_STATUS.active,
    name: { en: 'Layla Haddad', ar: 'ليلى حداد' },
    phone: '+971501234567',
    canSignIn: true,
  },
  {
    key: 'manager',
    email: 'manager@example.com',
    role: 'manager',
    status: USER_STATUS.active,
    name: { en: 'Omar Khalil', ar: 'عمر خليل' },
    phone: '+971502345678',
    canSignIn: true,
  },
  {
    key: 'provider',
    email: 'provider@example.com',
    role: 'serviceprovider',
    status: USER_STATUS.active,
    name: { en: 'Yousef Nasser', ar: 'يوسف ناصر' },
    phone: '+971503456789',
    canSignIn: true,
  },
  {
    key: 'pending',
    email: 'pending@example.com',
    role: 'serviceprovider',
    status: USER_STATUS.pending,
    name: { en: 'Sara Mansour', ar: 'سارة منصور' },
    phone: '+971504567890',
    canSignIn: false,
  },
  {
    key: 'blocked',
    email: 'blocked@example.com',
    role: 'serviceprovider',
    status: USER_STATUS.blocked,
    name: { en: 'Karim Aziz', ar: 'كريم عزيز' },
    phone: '+971505678901',
    canSignIn: false,
  },
  {
    // A door-only account of the demo provider, assigned to its next event (demo-event-records.ts).
    key: 'door',
    email: 'door@example.com',
    role: 'door',
    status: USER_STATUS.active,
    name: { en: 'Hani Saeed', ar: 'هاني سعيد' },
    phone: '+971506789012',
    canSignIn: true,
    of: 'provider',
  },
  {
    // Signs in with its password and a code of an authenticator app holding the printed secret.
    key: 'twofactor',
    email: 'twofactor@example.com',
    role: 'manager',
    status: USER_STATUS.active,
    name: { en: 'Rana Tawfiq', ar: 'رنا توفيق' },
    phone: '+971507890123',
    canSignIn: true,
    twoFactor: true,
  },
];

/** By key: `DEMO.admin.email` etc. */
export const DEMO = Object.fromEntries(DEMO_ACCOUNTS.map((a) => [a.key, a])) as Record<
  DemoAccount['key'],
  DemoAccount
>;
