/**
 * Service provider self-registration (docs/product.md §2, §4, §5, §8): Full Name, Phone, Email with Send OTP,
 * Enter OTP with Verify OTP (only after the send call answered 200), Password (masked, with a show/hide
 * toggle: docs/architecture.md §4), Register (disabled until the e-mail is verified).
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { CircleCheck } from 'lucide-react';
import { useRef, type ChangeEvent, type RefObject } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { PASSWORD_MIN } from '@/contract';
import { Button, PasswordField, TextField } from '@/components/ui';
import { useFieldMessage } from '@/components/field-message';
import { AuthLayout, linkClass } from '../AuthLayout';
import { canRegister, showsOtpButton, showsOtpField, type RegistrationState } from './machine';
import { useRegistration, type OtpControl } from './useRegistration';

export function RegistrationPage() {
  const { i18n } = useLingui();
  const fieldMessage = useFieldMessage();
  const otpInput = useRef<HTMLInputElement | null>(null);
  const { state, form, otp, submitProblem, onSubmit } = useRegistration(otpInput);
  const { register } = form;
  const { errors, isSubmitting } = form.formState;

  return (
    <AuthLayout title={i18n._(msg`Register as a service provider`)}>
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-describedby="registration-note">
        <p id="registration-note" className="text-sm text-slate-700 dark:text-slate-300">
          {i18n._(msg`New accounts wait for approval by an administrator before they can sign in.`)}
        </p>
        <TextField
          label={i18n._(msg`Full Name`)}
          autoComplete="name"
          required
          aria-required="true"
          error={fieldMessage(errors.name?.message)}
          {...register('name')}
        />
        <TextField
          label={i18n._(msg`Phone`)}
          type="tel"
          autoComplete="tel"
          required
          aria-required="true"
          error={fieldMessage(errors.phone?.message)}
          {...register('phone')}
        />
        <EmailField
          state={state}
          otp={otp}
          error={errors.email}
          field={register('email', {
            onChange: (event: ChangeEvent<HTMLInputElement>) => otp.emailChanged(event.target.value),
          })}
        />
        {showsOtpField(state) && <OtpField otp={otp} inputRef={otpInput} />}
        <PasswordField
          label={i18n._(msg`Password`)}
          autoComplete="new-password"
          required
          aria-required="true"
          error={fieldMessage(errors.password?.message)}
          hint={i18n._(msg`At least ${PASSWORD_MIN} characters.`)}
          {...register('password')}
        />
        {submitProblem && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {submitProblem}
          </p>
        )}
        <Button type="submit" className="w-full" disabled={!canRegister(state)} loading={isSubmitting}>
          {i18n._(msg`Register`)}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className={linkClass}>
          {i18n._(msg`Already have an account? Log in`)}
        </Link>
      </p>
    </AuthLayout>
  );
}

/** The e-mail with Send OTP until it is verified, then a check mark and "Email verified". */
function EmailField({
  state,
  otp,
  error,
  field,
}: {
  state: RegistrationState;
  otp: OtpControl;
  error: FieldError | undefined;
  /** The form's registration of the e-mail (registered by the page, in the fields' order). */
  field: UseFormRegisterReturn<'email'>;
}) {
  const { i18n } = useLingui();
  const fieldMessage = useFieldMessage();
  const verified = state.step === 'verified';
  return (
    <TextField
      label={i18n._(msg`Email`)}
      type="email"
      autoComplete="email"
      required
      aria-required="true"
      data-verified={verified || undefined}
      aria-invalid={verified ? false : error || otp.emailProblem ? true : undefined}
      error={otp.emailProblem ?? fieldMessage(error?.message)}
      hint={
        verified ? (
          <span
            className="inline-flex items-center gap-1 font-medium text-emerald-800 dark:text-emerald-300"
            data-testid="email-verified"
          >
            {i18n._(msg`Email verified`)}
          </span>
        ) : undefined
      }
      adornment={
        verified ? (
          <CircleCheck aria-hidden="true" className="size-5 text-emerald-700 dark:text-emerald-400" />
        ) : undefined
      }
      end={
        showsOtpButton(state) ? (
          <Button variant="secondary" loading={otp.sending} onClick={() => void otp.sendOtp()}>
            {i18n._(msg`Send OTP`)}
          </Button>
        ) : undefined
      }
      {...field}
    />
  );
}

/** The code sent to the e-mail, with Verify OTP (Enter verifies too). */
function OtpField({ otp, inputRef }: { otp: OtpControl; inputRef: RefObject<HTMLInputElement | null> }) {
  const { i18n } = useLingui();
  return (
    <TextField
      ref={inputRef}
      label={i18n._(msg`Enter OTP`)}
      name="otp"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={otp.otp}
      onChange={(event) => otp.otpChanged(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          void otp.verifyOtp();
        }
      }}
      error={otp.otpProblem ?? undefined}
      hint={i18n._(msg`We sent a 6-digit code to your e-mail. It is valid for 10 minutes.`)}
      end={
        <Button variant="secondary" loading={otp.verifying} onClick={() => void otp.verifyOtp()}>
          {i18n._(msg`Verify OTP`)}
        </Button>
      }
    />
  );
}
