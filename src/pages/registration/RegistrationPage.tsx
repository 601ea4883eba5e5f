/**
 * Service provider self-registration (docs/product.md §2, §4, §5, §8): Full Name, Phone, Email with Send OTP,
 * Enter OTP with Verify OTP (only after the send call answered 200), Password (masked, with a show/hide
 * toggle: docs/architecture.md §4), Register (disabled until the e-mail is verified).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { CircleCheck } from 'lucide-react';
import { useEffect, useReducer, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { localizeMessage, PASSWORD_MIN, registerBody, type Language } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { notify } from '@/app/notify';
import { Button, PasswordField, TextField } from '@/components/ui';
import { useFieldMessage } from '@/components/field-message';
import { ApiError, call } from '@/lib/api';
import { AuthLayout, linkClass } from '../AuthLayout';
import { rememberRegisteredEmail } from '../login/registered-email';
import {
  canRegister,
  checkSendOtp,
  checkSubmit,
  checkVerifyOtp,
  initialRegistration,
  registrationReducer,
  showsOtpButton,
  showsOtpField,
} from './machine';

const formSchema = registerBody.pick({ name: true, phone: true, email: true, password: true });
type RegistrationForm = { name: string; phone: string; email: string; password: string };
const FORM_FIELDS = ['name', 'phone', 'email', 'password'] as const;

export function RegistrationPage() {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const fieldMessage = useFieldMessage();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(registrationReducer, initialRegistration);
  const [otp, setOtp] = useState('');
  const [emailProblem, setEmailProblem] = useState<string | null>(null);
  const [otpProblem, setOtpProblem] = useState<string | null>(null);
  const [submitProblem, setSubmitProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const otpInput = useRef<HTMLInputElement | null>(null);

  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<RegistrationForm>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: '', phone: '', email: '', password: '' },
  });

  useEffect(() => {
    if (showsOtpField(state)) otpInput.current?.focus();
  }, [state]);

  const applyFieldErrors = (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    for (const [field, text] of Object.entries(error.fieldErrors)) {
      if ((FORM_FIELDS as readonly string[]).includes(field))
        setError(field as keyof RegistrationForm, { message: text });
      if (field === 'otp') setOtpProblem(text);
    }
  };

  const sendOtp = async () => {
    const address = getValues('email');
    const problem = checkSendOtp(address);
    setEmailProblem(problem && localizeMessage(problem, language));
    if (problem) return;
    setSending(true);
    try {
      const answer = await call(routes.sendEmailOtp, { body: { email: address } });
      dispatch({ type: 'otpSent', email: address });
      setOtp('');
      setOtpProblem(null);
      notify.success(answer.message);
    } catch (error) {
      applyFieldErrors(error);
      notify.error(error);
    } finally {
      setSending(false);
    }
  };

  const verifyOtp = async () => {
    const problem = checkVerifyOtp(otp);
    setOtpProblem(problem && localizeMessage(problem, language));
    if (problem) return;
    setVerifying(true);
    try {
      const address = getValues('email');
      const answer = await call(routes.verifyEmailOtp, { body: { email: address, otp: otp.trim() } });
      dispatch({ type: 'verified', email: address });
      setSubmitProblem(null);
      notify.success(answer.message);
    } catch (error) {
      applyFieldErrors(error);
      notify.error(error);
    } finally {
      setVerifying(false);
    }
  };

  const submit = handleSubmit(async (values) => {
    try {
      const answer = await call(routes.register, {
        body: { ...values, otp: otp.trim(), role: 'serviceprovider', status: '0' },
      });
      notify.success(answer.message);
      rememberRegisteredEmail(values.email);
      await navigate({ to: '/login', search: { registered: true } });
    } catch (error) {
      applyFieldErrors(error);
      notify.error(error);
    }
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = checkSubmit(state);
    setSubmitProblem(problem && localizeMessage(problem, language));
    if (problem) return;
    void submit(event);
  };

  const verified = state.step === 'verified';

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
        <TextField
          label={i18n._(msg`Email`)}
          type="email"
          autoComplete="email"
          required
          aria-required="true"
          data-verified={verified || undefined}
          aria-invalid={verified ? false : errors.email || emailProblem ? true : undefined}
          error={emailProblem ?? fieldMessage(errors.email?.message)}
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
              <Button variant="secondary" loading={sending} onClick={() => void sendOtp()}>
                {i18n._(msg`Send OTP`)}
              </Button>
            ) : undefined
          }
          {...register('email', {
            // Another address than the one the code was sent to (or verified for) starts over.
            onChange: (event: ChangeEvent<HTMLInputElement>) => {
              setEmailProblem(null);
              dispatch({ type: 'emailChanged', email: event.target.value });
            },
          })}
        />
        {showsOtpField(state) && (
          <TextField
            ref={otpInput}
            label={i18n._(msg`Enter OTP`)}
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={otp}
            onChange={(event) => {
              setOtp(event.target.value);
              setOtpProblem(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void verifyOtp();
              }
            }}
            error={otpProblem ?? undefined}
            hint={i18n._(msg`We sent a 6-digit code to your e-mail. It is valid for 10 minutes.`)}
            end={
              <Button variant="secondary" loading={verifying} onClick={() => void verifyOtp()}>
                {i18n._(msg`Verify OTP`)}
              </Button>
            }
          />
        )}
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
