/**
 * The registration states of docs/product.md §4: start → OTP requested (the send call answered 200) → e-mail
 * verified (the verify call answered 200) → submit. Changing the e-mail address starts over.
 */
import { email as emailSchema, msg, otp as otpSchema } from '@/contract';

type RegistrationStep = 'start' | 'otpSent' | 'verified';

export interface RegistrationState {
  step: RegistrationStep;
  /** The address the OTP was sent to / verified for (normalised). */
  email: string | null;
}

export type RegistrationEvent =
  | { type: 'otpSent'; email: string }
  | { type: 'verified'; email: string }
  | { type: 'emailChanged'; email: string };

export const initialRegistration: RegistrationState = { step: 'start', email: null };

const normalizeEmail = (value: string) => value.trim().toLowerCase();

export function registrationReducer(state: RegistrationState, event: RegistrationEvent): RegistrationState {
  switch (event.type) {
    case 'otpSent':
      // A resend keeps a verified address verified only when it is the same address.
      if (state.step === 'verified' && state.email === normalizeEmail(event.email)) return state;
      return { step: 'otpSent', email: normalizeEmail(event.email) };
    case 'verified':
      if (state.step !== 'otpSent' || state.email !== normalizeEmail(event.email)) return state;
      return { step: 'verified', email: state.email };
    case 'emailChanged':
      if (state.step === 'start' || state.email === normalizeEmail(event.email)) return state;
      return initialRegistration;
  }
}

/** What the screen shows in each state. */
export const showsOtpField = (state: RegistrationState) => state.step === 'otpSent';
export const showsOtpButton = (state: RegistrationState) => state.step !== 'verified';
export const canRegister = (state: RegistrationState) => state.step === 'verified';

/** Client messages of docs/product.md §5, by key (the screen passes them through `localizeMessage`). */
export const checkSendOtp = (value: string): string | null =>
  emailSchema.safeParse(value).success ? null : msg('invalidEmail');

export const checkVerifyOtp = (value: string): string | null =>
  otpSchema.safeParse(value).success ? null : msg('invalidOtp');

export const checkSubmit = (state: RegistrationState): string | null =>
  canRegister(state) ? null : msg('verifyFirst');
