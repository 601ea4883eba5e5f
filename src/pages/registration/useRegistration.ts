/**
 * The registration form's state (src/pages/registration/RegistrationPage.tsx): the fields
 * (react-hook-form with the contract's schema), the e-mail's verification steps (./machine.ts), the
 * one-time code, and the calls that send and verify it and register.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useReducer, useState, type Dispatch, type FormEvent, type RefObject } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { localizeMessage, registerBody, type Language } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { notify } from '@/app/notify';
import { ApiError, call } from '@/lib/api';
import { rememberRegisteredEmail } from '../login/registered-email';
import {
  checkSendOtp,
  checkSubmit,
  checkVerifyOtp,
  initialRegistration,
  registrationReducer,
  showsOtpField,
  type RegistrationEvent,
  type RegistrationState,
} from './machine';

const formSchema = registerBody.pick({ name: true, phone: true, email: true, password: true });
type RegistrationForm = { name: string; phone: string; email: string; password: string };
const FORM_FIELDS = ['name', 'phone', 'email', 'password'] as const;

/** The server's field errors at their fields: the form's, and the code's. */
function applyFieldErrors(
  error: unknown,
  form: UseFormReturn<RegistrationForm>,
  setOtpProblem: (text: string) => void,
) {
  if (!(error instanceof ApiError)) return;
  for (const [field, text] of Object.entries(error.fieldErrors)) {
    if ((FORM_FIELDS as readonly string[]).includes(field))
      form.setError(field as keyof RegistrationForm, { message: text });
    if (field === 'otp') setOtpProblem(text);
  }
}

/** The e-mail's verification: Send OTP, the code typed, Verify OTP. */
function useOtp(
  form: UseFormReturn<RegistrationForm>,
  state: RegistrationState,
  dispatch: Dispatch<RegistrationEvent>,
  onVerified: () => void,
  otpInput: RefObject<HTMLInputElement | null>,
) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const [otp, setOtp] = useState('');
  const [emailProblem, setEmailProblem] = useState<string | null>(null);
  const [otpProblem, setOtpProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [verifying, setVerifying] = useState(false);

  useEffect(() => {
    if (showsOtpField(state)) otpInput.current?.focus();
  }, [otpInput, state]);

  const sendOtp = async () => {
    const address = form.getValues('email');
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
      applyFieldErrors(error, form, setOtpProblem);
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
      const address = form.getValues('email');
      const answer = await call(routes.verifyEmailOtp, { body: { email: address, otp: otp.trim() } });
      dispatch({ type: 'verified', email: address });
      onVerified();
      notify.success(answer.message);
    } catch (error) {
      applyFieldErrors(error, form, setOtpProblem);
      notify.error(error);
    } finally {
      setVerifying(false);
    }
  };

  return {
    otp,
    emailProblem,
    otpProblem,
    setOtpProblem,
    sending,
    verifying,
    sendOtp,
    verifyOtp,
    /** Another address than the one the code was sent to (or verified for) starts over. */
    emailChanged: (email: string) => {
      setEmailProblem(null);
      dispatch({ type: 'emailChanged', email });
    },
    otpChanged: (code: string) => {
      setOtp(code);
      setOtpProblem(null);
    },
  };
}

/** `otpInput`: the code's field, focused when it appears. */
export function useRegistration(otpInput: RefObject<HTMLInputElement | null>) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(registrationReducer, initialRegistration);
  const [submitProblem, setSubmitProblem] = useState<string | null>(null);
  const form = useForm<RegistrationForm>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: '', phone: '', email: '', password: '' },
  });
  const otp = useOtp(form, state, dispatch, () => setSubmitProblem(null), otpInput);

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await call(routes.register, {
        body: { ...values, otp: otp.otp.trim(), role: 'serviceprovider', status: '0' },
      });
      notify.success(answer.message);
      rememberRegisteredEmail(values.email);
      await navigate({ to: '/login', search: { registered: true } });
    } catch (error) {
      applyFieldErrors(error, form, otp.setOtpProblem);
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

  return { state, form, otp, submitProblem, onSubmit };
}

export type OtpControl = ReturnType<typeof useOtp>;
