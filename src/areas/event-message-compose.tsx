/**
 * Writing a message to an event's guests (docs/product.md, "Messages to guests"): its audience
 * (booking statuses, payment states, admitted or not), its subject and rich text in English and
 * Arabic with placeholders, a preview in both languages with the audience counted, and sending now or
 * at a time on the venue's clock. The server sanitises the text and counts again when it sends.
 */
import { msg } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import {
  ADMITTED,
  BOOKING_STATUSES,
  MESSAGE_PLACEHOLDERS,
  PAYMENT_STATUSES,
  type MessageAudience,
} from '@/contract';
import { routes } from '@/contract/routes.gen';
import { FORMAT_LOCALES } from '@/app/i18n';
import { notify } from '@/app/notify';
import { DateField } from '@/components/DateField';
import { Alert, Button, Spinner, TextField } from '@/components/ui';
import { ApiError, call, errorMessage, newIdempotencyKey } from '@/lib/api';
import { zoneLabel } from '@/lib/zone-label';
import { fromZonedInput } from '@/lib/zoned';
import type { RenderContext } from '@/resources/types';
import { BOOKING_STATUS_TEXT, PAYMENT_STATUS_TEXT } from './booking-status';
import { ADMITTED_TEXT, Checks, labelClass, PreviewPane, type Rendered } from './event-message-parts';

const RichTextEditor = lazy(() => import('@/resources/RichTextEditor'));

type L = { en: string; ar: string };
type Preview = { recipients: number; en: Rendered; ar: Rendered };
type Draft = { audience: MessageAudience; subject: L; body: L };

const emptyDraft = (): Draft => ({
  audience: { statuses: ['confirmed', 'checked_in'], payments: [...PAYMENT_STATUSES], admitted: 'any' },
  subject: { en: '', ar: '' },
  body: { en: '', ar: '' },
});

const FieldError = ({ error, testId }: { error?: string; testId?: string }) =>
  error ? (
    <p role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid={testId}>
      {error}
    </p>
  ) : null;

/** The draft, its preview and its sending (an idempotency key per attempt that may have reached the server). */
function useComposer(eventId: number, timeZone: string, onDone: () => void) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(emptyDraft);
  const [later, setLater] = useState(false);
  const [sendAt, setSendAt] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState<'preview' | 'send' | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const change = (next: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setPreview(null);
  };
  const run = async (what: 'preview' | 'send', action: () => Promise<void>) => {
    setBusy(what);
    setFailure(null);
    try {
      await action();
      setErrors({});
    } catch (error) {
      setFailure(errorMessage(error));
      setErrors(error instanceof ApiError ? error.fieldErrors : {});
      if (what === 'send' && error instanceof ApiError && error.status >= 400 && error.status < 500)
        setKey(newIdempotencyKey());
    } finally {
      setBusy(null);
    }
  };
  const showPreview = () =>
    run('preview', async () => {
      setPreview((await call(routes.eventMessagePreview, { params: { id: eventId }, body: draft })).data);
    });
  const send = () =>
    run('send', async () => {
      const answer = await call(routes.eventMessageCreate, {
        params: { id: eventId },
        body: { ...draft, sendAt: later ? fromZonedInput(sendAt, timeZone) : null },
        idempotencyKey: key,
      });
      notify.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: ['event', 'messages', eventId] });
      onDone();
    });
  return {
    draft,
    change,
    later,
    setLater,
    sendAt,
    setSendAt,
    errors,
    failure,
    preview,
    busy,
    showPreview,
    send,
  };
}
type Composer = ReturnType<typeof useComposer>;

function AudienceFields({ c, ctx }: { c: Composer; ctx: RenderContext }) {
  const { i18n } = ctx;
  const id = useId();
  const { audience } = c.draft;
  return (
    <>
      <Checks
        legend={i18n._(msg`Bookings with the status`)}
        options={BOOKING_STATUSES}
        texts={BOOKING_STATUS_TEXT}
        value={audience.statuses}
        onChange={(statuses) => c.change({ audience: { ...audience, statuses } })}
        error={c.errors['audience.statuses']}
        ctx={ctx}
        testId="audience-statuses"
      />
      <Checks
        legend={i18n._(msg`And the payment`)}
        options={PAYMENT_STATUSES}
        texts={PAYMENT_STATUS_TEXT}
        value={audience.payments}
        onChange={(payments) => c.change({ audience: { ...audience, payments } })}
        error={c.errors['audience.payments']}
        ctx={ctx}
        testId="audience-payments"
      />
      <fieldset className="space-y-1" data-testid="audience-admitted">
        <legend className={labelClass}>{i18n._(msg`At the door`)}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {ADMITTED.map((a) => (
            <label key={a} className="inline-flex min-h-8 items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-admitted`}
                className="size-4"
                checked={audience.admitted === a}
                onChange={() => c.change({ audience: { ...audience, admitted: a } })}
                value={a}
              />
              {i18n._(ADMITTED_TEXT[a])}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}

function TextFields({ c, ctx }: { c: Composer; ctx: RenderContext }) {
  const { i18n } = ctx;
  const id = useId();
  const { subject, body } = c.draft;
  const editor = (lang: 'en' | 'ar') => {
    const label = lang === 'en' ? i18n._(msg`Text (English)`) : i18n._(msg`Text (Arabic)`);
    return (
      <div className="min-w-0 space-y-1">
        <span id={`${id}-${lang}`} className={labelClass}>
          {label}
        </span>
        <Suspense fallback={<Spinner />}>
          <RichTextEditor
            value={body[lang]}
            onChange={(html) => c.change({ body: { ...body, [lang]: html } })}
            label={label}
            labelId={`${id}-${lang}`}
            language={lang}
            invalid={Boolean(c.errors[`body.${lang}`])}
            testId={`message-body-${lang}`}
          />
        </Suspense>
        <FieldError error={c.errors[`body.${lang}`]} />
      </div>
    );
  };
  return (
    <>
      <div className="grid gap-4 lg:grid-cols-2">
        {(['en', 'ar'] as const).map((lang) => (
          <TextField
            key={lang}
            label={lang === 'en' ? i18n._(msg`Subject (English)`) : i18n._(msg`Subject (Arabic)`)}
            value={subject[lang]}
            onChange={(e) => c.change({ subject: { ...subject, [lang]: e.target.value } })}
            error={c.errors[`subject.${lang}`]}
            data-testid={`message-subject-${lang}`}
            dir={lang === 'en' ? 'ltr' : 'rtl'}
          />
        ))}
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="message-placeholders">
        {i18n._(
          msg`Placeholders, filled for each guest: ${MESSAGE_PLACEHOLDERS.map((p) => `{${p}}`).join(' ')} (name, event, start on the venue’s clock, ticket link).`,
        )}
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        {editor('en')}
        {editor('ar')}
      </div>
    </>
  );
}

function WhenField({ c, timeZone, ctx }: { c: Composer; timeZone: string; ctx: RenderContext }) {
  const { i18n } = ctx;
  const id = useId();
  const zone = zoneLabel(new Date(), timeZone, ctx.language, FORMAT_LOCALES[ctx.language]);
  return (
    <fieldset className="space-y-2">
      <legend className={labelClass}>{i18n._(msg`When`)}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        <label className="inline-flex min-h-8 items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${id}-when`}
            className="size-4"
            checked={!c.later}
            onChange={() => c.setLater(false)}
          />
          {i18n._(msg`Now`)}
        </label>
        <label className="inline-flex min-h-8 items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${id}-when`}
            className="size-4"
            checked={c.later}
            onChange={() => c.setLater(true)}
            data-testid="message-later"
          />
          {i18n._(msg`At a time on the venue’s clock (${zone})`)}
        </label>
      </div>
      {c.later && (
        <DateField
          withTime
          value={c.sendAt}
          onChange={c.setSendAt}
          testId="message-send-at"
          invalid={Boolean(c.errors.sendAt)}
        />
      )}
      <FieldError error={c.errors.sendAt} testId="send-at-error" />
    </fieldset>
  );
}

export function MessageComposer({
  eventId,
  timeZone,
  ctx,
  onDone,
}: {
  eventId: number;
  timeZone: string;
  ctx: RenderContext;
  onDone: () => void;
}) {
  const { i18n } = ctx;
  const c = useComposer(eventId, timeZone, onDone);
  return (
    <form
      className="space-y-4 rounded-lg border border-slate-200 p-3 sm:p-4 dark:border-slate-700"
      data-testid="message-composer"
      aria-label={i18n._(msg`New message`)}
      onSubmit={(e) => {
        e.preventDefault();
        void c.send();
      }}
    >
      <AudienceFields c={c} ctx={ctx} />
      <TextFields c={c} ctx={ctx} />
      <WhenField c={c} timeZone={timeZone} ctx={ctx} />
      {c.failure && <Alert kind="error">{c.failure}</Alert>}
      {c.preview && (
        <div className="space-y-3" data-testid="message-preview">
          <p className="text-sm font-medium" data-testid="message-recipients">
            {i18n._(msg`Goes to ${i18n.number(c.preview.recipients)} guests now.`)}
          </p>
          <div className="grid gap-4 lg:grid-cols-2">
            <PreviewPane lang="en" mail={c.preview.en} ctx={ctx} />
            <PreviewPane lang="ar" mail={c.preview.ar} ctx={ctx} />
          </div>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => void c.showPreview()}
          loading={c.busy === 'preview'}
          data-testid="message-preview-button"
        >
          {i18n._(msg`Preview`)}
        </Button>
        <Button type="submit" loading={c.busy === 'send'} disabled={!c.preview} data-testid="message-send">
          {c.later ? i18n._(msg`Schedule`) : i18n._(msg`Send`)}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {i18n._(msg`Cancel`)}
        </Button>
      </div>
    </form>
  );
}
