import { describe, expect, it } from 'vitest';
import { localizeMessage } from '@/contract';
import {
  canRegister,
  checkSendOtp,
  checkSubmit,
  checkVerifyOtp,
  initialRegistration,
  registrationReducer,
  showsOtpButton,
  showsOtpField,
  type RegistrationEvent,
} from './machine';

const run = (...events: RegistrationEvent[]) => events.reduce(registrationReducer, initialRegistration);

describe('registration states (docs/product.md §4)', () => {
  it('start: OTP button, no OTP field, Register disabled', () => {
    expect(showsOtpButton(initialRegistration)).toBe(true);
    expect(showsOtpField(initialRegistration)).toBe(false);
    expect(canRegister(initialRegistration)).toBe(false);
  });

  it('OTP requested: the OTP field appears', () => {
    const state = run({ type: 'otpSent', email: 'Sara@Example.com ' });
    expect(state).toEqual({ step: 'otpSent', email: 'sara@example.com' });
    expect(showsOtpField(state)).toBe(true);
    expect(canRegister(state)).toBe(false);
  });

  it('verified: the OTP field and button go, Register is enabled', () => {
    const state = run(
      { type: 'otpSent', email: 'sara@example.com' },
      { type: 'verified', email: 'sara@example.com' },
    );
    expect(state.step).toBe('verified');
    expect(showsOtpField(state)).toBe(false);
    expect(showsOtpButton(state)).toBe(false);
    expect(canRegister(state)).toBe(true);
  });

  it('cannot verify without a sent code, nor for another address', () => {
    expect(run({ type: 'verified', email: 'a@b.co' }).step).toBe('start');
    expect(run({ type: 'otpSent', email: 'a@b.co' }, { type: 'verified', email: 'c@d.co' }).step).toBe(
      'otpSent',
    );
  });

  it('changing the address starts over; typing the same address does not', () => {
    const verified = run({ type: 'otpSent', email: 'a@b.co' }, { type: 'verified', email: 'a@b.co' });
    expect(registrationReducer(verified, { type: 'emailChanged', email: 'A@B.co' })).toBe(verified);
    expect(registrationReducer(verified, { type: 'emailChanged', email: 'a@b.com' })).toEqual(
      initialRegistration,
    );
  });
});

describe('client messages (docs/product.md §5)', () => {
  /** A check's message as the screen shows it in English. */
  const en = (message: string | null) => message && localizeMessage(message, 'en');

  it('an empty or malformed e-mail cannot get an OTP', () => {
    expect(en(checkSendOtp(''))).toBe('Please enter a valid email.');
    expect(en(checkSendOtp('not-an-email'))).toBe('Please enter a valid email.');
    expect(checkSendOtp('sara@example.com')).toBeNull();
  });

  it('an empty OTP cannot be verified', () => {
    expect(en(checkVerifyOtp(''))).toBe('Please enter a valid OTP.');
    expect(en(checkVerifyOtp('12ab56'))).toBe('Please enter a valid OTP.');
    expect(checkVerifyOtp('123456')).toBeNull();
  });

  it('registration before verification is refused', () => {
    expect(en(checkSubmit(initialRegistration))).toBe('Please verify your email OTP before submitting.');
    expect(en(checkSubmit(run({ type: 'otpSent', email: 'a@b.co' })))).toBe(
      'Please verify your email OTP before submitting.',
    );
  });
});
