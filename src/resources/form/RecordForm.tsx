import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useId, type ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import { AppLink } from '@/components/AppLink';
import { Alert, Button, cx } from '@/components/ui';
import { ConfirmDialog } from '@/components/dialogs';
import { FormField } from '../fields';
import type { BaseRecord } from '../queries';
import type { AreaConfig, AreaField } from '../types';
import { SaveQuestionDialog } from './SaveQuestionDialog';
import { useRecordForm } from './useRecordForm';
import { BackToList } from '../BackToList';
import { LiveFormNotice } from '../LiveNotices';

export function RecordForm<T extends BaseRecord>({
  area,
  record,
  createDefaults,
  reload,
}: {
  area: AreaConfig<T>;
  record: T | undefined;
  createDefaults: Record<string, unknown>;
  reload: () => Promise<unknown>;
}) {
  const state = useRecordForm(area, record, createDefaults);
  const { i18n, name, fields, form, onSubmit, blocker } = state;
  const FormNote = area.FormNote;
  const title = record
    ? `${i18n._(area.editTitle ?? area.title)}: ${name}`
    : i18n._(area.createTitle ?? area.title);
  return (
    <section
      className="mx-auto max-w-4xl space-y-4"
      aria-labelledby="form-title"
      data-testid={`form-${area.resource.key}`}
    >
      <BackToList area={area} />
      <h1 id="form-title" className="text-2xl font-semibold">
        {title}
      </h1>
      <RecordNotices area={area} record={record} state={state} reload={reload} />
      {state.question && (
        <SaveQuestionDialog question={state.question} title={title} onAnswer={state.answer} />
      )}
      <FormProvider {...form}>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          {sectionsOf(fields).map((section, index, all) => (
            <FormSection key={section.fields[0]!.name} title={section.title}>
              {section.fields.map((field) => (
                <FormField
                  key={field.name}
                  field={field}
                  fields={fields}
                  record={record as Record<string, unknown> | undefined}
                  required={state.required.has(field.name)}
                />
              ))}
              {FormNote && index === all.length - 1 && (
                <div className="sm:col-span-2">
                  <FormNote />
                </div>
              )}
            </FormSection>
          ))}
          {/* Save and Cancel stay in view at the foot of the screen on a long form (the event's). */}
          <div
            className={cx(
              CARD,
              'sticky bottom-0 z-10 flex flex-wrap gap-2 bg-white/95 py-3 backdrop-blur-sm dark:bg-slate-900/95',
            )}
            data-testid="form-actions"
          >
            <Button type="submit" loading={state.isSubmitting} data-testid="form-submit">
              {i18n._(msg`Save`)}
            </Button>
            <AppLink
              to={area.paths.list}
              className="inline-flex min-h-10 items-center rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
            >
              {i18n._(msg`Cancel`)}
            </AppLink>
          </div>
        </form>
      </FormProvider>
      {blocker.status === 'blocked' && (
        <LeaveDialog onStay={() => blocker.reset()} onLeave={() => blocker.proceed()} />
      )}
    </section>
  );
}

const CARD = 'rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900';

/** The form's sections: each begins at a field with a `section` title (one untitled card without any). */
const sectionsOf = (fields: readonly AreaField[]) => {
  const sections: { title: MessageDescriptor | undefined; fields: AreaField[] }[] = [];
  for (const field of fields)
    if (field.section || sections.length === 0) sections.push({ title: field.section, fields: [field] });
    else sections.at(-1)!.fields.push(field);
  return sections;
};

/** A card of the form's fields, under its title when it has one. */
function FormSection({ title, children }: { title: MessageDescriptor | undefined; children: ReactNode }) {
  const { i18n } = useLingui();
  const id = useId();
  return (
    <section
      aria-labelledby={title ? id : undefined}
      className={cx(CARD, 'grid gap-4 sm:grid-cols-2')}
      data-testid="form-section"
    >
      {title && (
        <h2 id={id} className="text-lg font-semibold sm:col-span-2">
          {i18n._(title)}
        </h2>
      )}
      {children}
    </section>
  );
}

/** What the form says above its fields: a conflict, a newer version saved elsewhere, the area's notice, the errors. */
function RecordNotices<T extends BaseRecord>({
  area,
  record,
  state,
  reload,
}: {
  area: AreaConfig<T>;
  record: T | undefined;
  state: ReturnType<typeof useRecordForm<T>>;
  reload: () => Promise<unknown>;
}) {
  const { conflict, setConflict, formErrors } = state;
  const EditNotice = area.EditNotice;
  return (
    <>
      {conflict && (
        <ConflictAlert
          conflict={conflict}
          onReload={() => {
            setConflict(null);
            void reload();
          }}
        />
      )}
      {record && !conflict && (
        <LiveFormNotice
          resource={area.resource.key}
          id={record.id}
          version={record.version}
          onReview={() => void reload()}
        />
      )}
      {record && EditNotice && <EditNotice area={area} row={record} />}
      {formErrors.length > 0 && <FormErrors errors={formErrors} />}
    </>
  );
}

/** Someone else saved the record meanwhile: the way to load the latest version. */
function ConflictAlert({ conflict, onReload }: { conflict: string; onReload: () => void }) {
  const { i18n } = useLingui();
  return (
    <Alert kind="error">
      <p data-testid="version-conflict">{conflict}</p>
      <p className="mt-1">
        {i18n._(
          msg`Someone else saved this record after you opened it. Load the latest version to edit it; your changes here will be discarded.`,
        )}
      </p>
      <Button variant="secondary" className="mt-3" onClick={onReload}>
        {i18n._(msg`Load the latest version`)}
      </Button>
    </Alert>
  );
}

/** The server's errors that belong to no input of the form, or why the save failed. */
function FormErrors({ errors }: { errors: string[] }) {
  return (
    <Alert kind="error">
      <ul className="list-inside list-disc" data-testid="form-errors">
        {errors.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
    </Alert>
  );
}

/** Leaving with unsaved changes asks first. */
function LeaveDialog({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  const { i18n } = useLingui();
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onStay()}
      title={i18n._(msg`Leave without saving?`)}
      description={i18n._(msg`Your changes to this form have not been saved and will be lost.`)}
      confirmLabel={i18n._(msg`Leave`)}
      danger
      onConfirm={onLeave}
    />
  );
}
