/**
 * Adding or editing one of the event's specialists (event-specialists.tsx): name and role in both
 * languages and a photo, sent to /api/event/specialist.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { FormProvider, useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { api, eventResource, specialistInput, type EventSpecialist } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { notify } from '@/app/notify';
import { contentClass, overlayClass } from '@/components/dialogs';
import { Alert, Button } from '@/components/ui';
import { ApiError, call, errorMessage, newIdempotencyKey } from '@/lib/api';
import { FormField } from '@/resources/fields';
import { errorTarget, formErrorMap, initialValues, normalizeValues } from '@/resources/FormPage';
import { invalidateResource } from '@/resources/queries';
import type { AreaField } from '@/resources/types';

const SPECIALIST_FIELDS: AreaField[] = [
  { name: 'name', kind: 'localized', label: msg`Name` },
  { name: 'role', kind: 'localized', label: msg`Role` },
  { name: 'photo', kind: 'image', label: msg`Photo`, upload: api.eventImage },
];

/** The specialist's form and its submission (a new specialist when `specialist` is null). */
function useSpecialistForm(eventId: number, specialist: EventSpecialist | null, onClose: () => void) {
  const queryClient = useQueryClient();
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<FieldValues>({
    resolver: ((values, ctx, options) =>
      (zodResolver(specialistInput, { error: formErrorMap }) as unknown as Resolver<FieldValues>)(
        normalizeValues(SPECIALIST_FIELDS, values),
        ctx,
        options,
      )) as Resolver<FieldValues>,
    defaultValues: initialValues(SPECIALIST_FIELDS, specialist ?? undefined),
  });
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    const fields = normalizeValues(SPECIALIST_FIELDS, values) as {
      name: { en: string; ar: string };
      role: { en: string; ar: string };
      photo: string | null;
    };
    try {
      const answer = await call(routes.eventSpecialist, {
        body: specialist
          ? { action: 'update', id: specialist.id, ...fields }
          : { action: 'add', eventId, ...fields },
        idempotencyKey,
      });
      notify.success(answer.message);
      await invalidateResource(queryClient, eventResource);
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        // Refused: nothing changed, the corrected form is a new request.
        if (error.status >= 400 && error.status < 500) setIdempotencyKey(newIdempotencyKey());
        const others: string[] = [];
        for (const [name, text] of Object.entries(error.fieldErrors)) {
          const target = errorTarget(SPECIALIST_FIELDS, name);
          if (target) form.setError(target, { type: 'server', message: text });
          else others.push(text);
        }
        setProblem(others.join(' ') || (Object.keys(error.fieldErrors).length ? null : error.message));
      } else setProblem(errorMessage(error));
    }
  });
  return { form, submit, problem };
}

export function SpecialistDialog({
  eventId,
  specialist,
  onClose,
}: {
  eventId: number;
  specialist: EventSpecialist | null;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  const { form, submit, problem } = useSpecialistForm(eventId, specialist, onClose);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content
          className={`${contentClass} max-h-[90vh] overflow-y-auto sm:w-[min(40rem,calc(100vw-2rem))]`}
          data-testid="specialist-dialog"
        >
          <Dialog.Title className="text-lg font-semibold">
            {specialist ? i18n._(msg`Edit specialist`) : i18n._(msg`Add specialist`)}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            {i18n._(msg`Shown with the event: name and role in both languages, and a photo.`)}
          </Dialog.Description>
          <FormProvider {...form}>
            <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 grid gap-4">
              {SPECIALIST_FIELDS.map((field) => (
                <FormField key={field.name} field={field} fields={SPECIALIST_FIELDS} />
              ))}
              {problem && <Alert kind="error">{problem}</Alert>}
              <div className="flex flex-wrap justify-end gap-2">
                <Dialog.Close asChild>
                  <Button variant="secondary">{i18n._(msg`Cancel`)}</Button>
                </Dialog.Close>
                <Button type="submit" loading={form.formState.isSubmitting} data-testid="specialist-save">
                  {i18n._(msg`Save`)}
                </Button>
              </div>
            </form>
          </FormProvider>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
