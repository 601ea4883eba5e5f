/**
 * The generic add / edit form (docs/decisions/0005-resource-pattern.md): react-hook-form with the contract's input schema, messages
 * in the reader's language (`localizeMessage`), the server's 422 field errors on their fields, a stale
 * version (409) explained with a way to load the latest, an unsaved-changes guard (router blocker and
 * beforeunload), and a notice then the list after saving.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useBlocker, useNavigate } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useMemo, useState } from 'react';
import { FormProvider, useForm, type FieldValues, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { MESSAGES, PLATFORM_TIME_ZONE, type Language, type Resource } from '@/contract';
import { notify } from '@/app/notify';
import { useSession } from '@/app/session';
import { NotFoundPage } from '@/components/error-pages/NotFoundPage';
import { Alert, Button, FullPageSpinner } from '@/components/ui';
import { ApiError, errorMessage, newIdempotencyKey } from '@/lib/api';
import { fromZonedInput, toZonedInput } from '@/lib/zoned';
import { connectionState } from '@/app/connection';
import { endpointName, send } from '@/app/outbox';
import { ConfirmDialog } from './dialogs';
import { FormField } from './fields';
import { AppLink } from '@/components/AppLink';
import {
  detailQueryOptions,
  failedToLoad,
  saveRequest,
  useCreateRecord,
  useUpdateRecord,
  type BaseRecord,
} from './queries';
import type { AreaConfig, AreaField, FieldContext } from './types';

/** Messages of zod's own checks (a missing value, a wrong type) in the contract's words. */
export const formErrorMap = (issue: { code?: string; input?: unknown }): string => {
  const { input } = issue;
  const empty =
    input === undefined ||
    input === null ||
    input === '' ||
    (typeof input === 'number' && Number.isNaN(input));
  return empty ? MESSAGES.required.en : MESSAGES.invalidValue.en;
};

/** The schema of the form: create's body (without the discriminator) or the update's input. */
function formSchema(resource: Resource, mode: 'create' | 'edit'): z.ZodObject {
  if (mode === 'edit') return resource.input;
  const disc = resource.discriminator?.field;
  return disc ? resource.createBody.omit({ [disc]: true } as never) : resource.createBody;
}

/** Form values → what the schema reads: empty inputs become null (nullable) or missing. */
export function normalizeValues(fields: readonly AreaField[], values: FieldValues): FieldValues {
  const out: FieldValues = { ...values };
  for (const field of fields) {
    const value = out[field.name];
    if (field.when && !field.when(values)) {
      // Not asked: the schema's default (null, an empty list) applies.
      out[field.name] = undefined;
      continue;
    }
    const blank = value === '' || value === undefined || (typeof value === 'number' && Number.isNaN(value));
    switch (field.kind) {
      case 'datetime':
        out[field.name] = blank ? undefined : fromZonedInput(String(value), PLATFORM_TIME_ZONE);
        continue;
      case 'money':
        out[field.name] = blank ? undefined : typeof value === 'number' ? Math.round(value * 100) : value;
        continue;
      case 'gallery':
        if (!out[field.cover]) out[field.cover] = null;
        continue;
      case 'multireference':
        out[field.name] = Array.isArray(value) ? value.map(Number) : [];
        continue;
      case 'multiselect':
        out[field.name] = Array.isArray(value) ? value : [];
        continue;
    }
    if (!blank) continue;
    const nullable = 'nullable' in field && field.nullable;
    if (field.kind === 'image' || nullable) out[field.name] = null;
    else if (
      field.kind === 'reference' ||
      field.kind === 'number' ||
      field.kind === 'select' ||
      field.kind === 'date'
    )
      out[field.name] = undefined;
  }
  return out;
}

/** The record's values of the schema's keys that no field of the form holds (kept on update). */
function keptValues(
  schema: z.ZodObject,
  fields: readonly AreaField[],
  record: Record<string, unknown> | undefined,
): Record<string, unknown> {
  if (!record) return {};
  const held = new Set(fields.flatMap((f) => (f.kind === 'gallery' ? [f.name, f.cover] : [f.name])));
  return Object.fromEntries(
    Object.keys(schema.shape)
      .filter((key) => !held.has(key) && key in record && key !== 'version')
      .map((key) => [key, record[key]]),
  );
}

/**
 * The input a server field error belongs on: the field itself, one language of a localized field,
 * a row of a link list (`links.2.url`); a gallery's errors (`images.3`, the cover) go on the gallery.
 * Null: no input of this form (shown above the form).
 */
export function errorTarget(fields: readonly AreaField[], name: string): string | null {
  for (const field of fields) {
    if (field.kind === 'gallery' && (name === field.cover || name.startsWith(`${field.name}.`)))
      return field.name;
    if (name === field.name) return name;
    if (!name.startsWith(`${field.name}.`)) continue;
    if (field.kind === 'localized' || field.kind === 'richtext')
      return name === `${field.name}.en` || name === `${field.name}.ar` ? name : field.name;
    if (field.kind === 'links')
      return /^\d+\.(url|name\.(en|ar))$/.test(name.slice(field.name.length + 1)) ? name : field.name;
    return field.name;
  }
  return null;
}

/** Initial values: the record's (edit) or empty ones (create), as the inputs show them. */
export function initialValues(
  fields: readonly AreaField[],
  record: Record<string, unknown> | undefined,
  extra: Record<string, unknown> = {},
): FieldValues {
  const values: FieldValues = {};
  for (const field of fields) {
    const stored = record?.[field.name] ?? extra[field.name];
    switch (field.kind) {
      case 'localized':
      case 'richtext':
        values[field.name] = stored ?? { en: '', ar: '' };
        break;
      case 'boolean':
        values[field.name] = stored ?? true;
        break;
      case 'image':
        values[field.name] = stored ?? null;
        break;
      case 'number':
        values[field.name] = stored ?? '';
        break;
      case 'money':
        values[field.name] = typeof stored === 'number' ? stored / 100 : '';
        break;
      case 'datetime':
        values[field.name] = toZonedInput(typeof stored === 'string' ? stored : null, PLATFORM_TIME_ZONE);
        break;
      case 'gallery':
        values[field.name] = Array.isArray(stored) ? stored : [];
        values[field.cover] = record?.[field.cover] ?? null;
        break;
      case 'multireference':
      case 'multiselect':
        values[field.name] = Array.isArray(stored) ? stored.map(String) : [];
        break;
      case 'links':
        values[field.name] = Array.isArray(stored) ? stored : [];
        break;
      case 'reference':
      case 'select':
        values[field.name] = stored === undefined || stored === null ? '' : String(stored);
        break;
      default:
        values[field.name] = stored ?? '';
    }
  }
  return values;
}

export function FormPage<T extends BaseRecord>({ area, id }: { area: AreaConfig<T>; id: number | null }) {
  const { i18n } = useLingui();
  const detail = useQuery({ ...detailQueryOptions<T>(area.resource, id ?? 0), enabled: id !== null });
  const defaults = area.useCreateDefaults?.() ?? { values: {}, ready: true };

  if (id !== null) {
    if (detail.isPending) return <FullPageSpinner inline />;
    if (failedToLoad(detail)) {
      if (detail.error instanceof ApiError && detail.error.status === 404) return <NotFoundPage />;
      return (
        <div className="mx-auto max-w-lg">
          <Alert kind="error">
            <p>{errorMessage(detail.error)}</p>
            <Button className="mt-3" onClick={() => void detail.refetch()}>
              {i18n._(msg`Retry`)}
            </Button>
          </Alert>
        </div>
      );
    }
  } else if (!defaults.ready) return <FullPageSpinner inline />;

  return (
    <RecordForm
      // A reloaded record (after a conflict) starts a fresh form.
      key={id === null ? 'new' : `${id}:${detail.data?.version}`}
      area={area}
      record={id === null ? undefined : detail.data}
      createDefaults={defaults.values}
      reload={() => detail.refetch()}
    />
  );
}

function RecordForm<T extends BaseRecord>({
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
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const navigate = useNavigate();
  const session = useSession();
  const mode = record ? 'edit' : 'create';
  const fields = useMemo(() => {
    const context: FieldContext = { mode, role: session.role, permissions: session.permissions ?? [] };
    return area.fields.filter(
      (field) => (mode === 'create' || !field.createOnly) && (field.visible?.(context) ?? true),
    );
  }, [area.fields, mode, session.role, session.permissions]);
  const schema = useMemo(() => formSchema(area.resource, mode), [area.resource, mode]);
  const resolver = useMemo<Resolver<FieldValues>>(() => {
    const inner = zodResolver(schema, { error: formErrorMap }) as unknown as Resolver<FieldValues>;
    // What this form does not show is sent as the record has it (an update replaces the record).
    const kept = keptValues(schema, fields, record);
    return (values, ctx, options) => inner({ ...kept, ...normalizeValues(fields, values) }, ctx, options);
  }, [schema, fields, record]);
  const form = useForm<FieldValues>({
    resolver,
    defaultValues: initialValues(fields, record, mode === 'create' ? createDefaults : {}),
    // Checked on submit, then again as fields change: a server error stays until its field changes.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const create = useCreateRecord<T>(area.resource);
  const update = useUpdateRecord<T>(area.resource);
  // One key per attempt at saving: a retry after no answer is the same request (one effect), a
  // request the server refused changed nothing, and the corrected one is a new request.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [conflict, setConflict] = useState<string | null>(null);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);

  const { isDirty, isSubmitting } = form.formState;
  const blocker = useBlocker({
    shouldBlockFn: () => isDirty && !saved,
    enableBeforeUnload: () => isDirty && !saved,
    withResolver: true,
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setConflict(null);
    setFormErrors([]);
    // Without a connection the save waits in the outbox (uploads were refused already).
    if (connectionState() !== 'online') {
      const { endpoint, request } = saveRequest(area.resource, values, record ?? null);
      const apiName = endpointName(endpoint);
      if (apiName) {
        const answer = await send(apiName, request, {
          // "Edit country: Oman" / "Add country: Oman", named as the area names its records.
          summary: `${i18n._(record ? (area.editTitle ?? area.title) : (area.createTitle ?? area.title))}: ${
            record
              ? name
              : area.recordName({ ...values, id: 0, version: 0 } as unknown as T, { i18n, language })
          }`,
          resource: area.resource.key,
          recordId: record?.id ?? null,
          patch: record ? values : null,
          identity: record ? { id: record.id, version: record.version } : undefined,
          idempotencyKey,
        });
        setSaved(true);
        notify.success(answer.message);
        await navigate({ to: area.paths.list as '/', ignoreBlocker: true });
        return;
      }
    }
    try {
      const answer = record
        ? await update.mutateAsync({ values, id: record.id, version: record.version, idempotencyKey })
        : await create.mutateAsync({ values, idempotencyKey });
      setSaved(true);
      notify.success(answer.message);
      await navigate({ to: area.paths.list as '/', ignoreBlocker: true });
    } catch (error) {
      if (!(error instanceof ApiError)) {
        notify.error(error);
        return;
      }
      if (error.status >= 400 && error.status < 500) setIdempotencyKey(newIdempotencyKey());
      if (error.status === 409 && record && Object.keys(error.fieldErrors).length === 0) {
        setConflict(error.message);
        return;
      }
      const others: string[] = [];
      let first: string | null = null;
      for (const [name, text] of Object.entries(error.fieldErrors)) {
        const target = errorTarget(fields, name);
        if (target) {
          form.setError(target, { type: 'server', message: text });
          first ??= target;
        } else others.push(text);
      }
      if (first) form.setFocus(first);
      setFormErrors(others);
      notify.error(error);
    }
  });

  const name = record ? area.recordName(record, { i18n, language }) : '';
  const title = record
    ? `${i18n._(area.editTitle ?? area.title)}: ${name}`
    : i18n._(area.createTitle ?? area.title);
  return (
    <section
      className="mx-auto max-w-4xl space-y-4"
      aria-labelledby="form-title"
      data-testid={`form-${area.resource.key}`}
    >
      <AppLink
        to={area.paths.list}
        className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
      >
        <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
        {i18n._(area.title)}
      </AppLink>
      <h1 id="form-title" className="text-2xl font-semibold">
        {title}
      </h1>
      {conflict && (
        <Alert kind="error">
          <p data-testid="version-conflict">{conflict}</p>
          <p className="mt-1">
            {i18n._(
              msg`Someone else saved this record after you opened it. Load the latest version to edit it; your changes here will be discarded.`,
            )}
          </p>
          <Button
            variant="secondary"
            className="mt-3"
            onClick={() => {
              setConflict(null);
              void reload();
            }}
          >
            {i18n._(msg`Load the latest version`)}
          </Button>
        </Alert>
      )}
      {formErrors.length > 0 && (
        <Alert kind="error">
          <ul className="list-inside list-disc">
            {formErrors.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </Alert>
      )}
      <FormProvider {...form}>
        <form
          noValidate
          onSubmit={onSubmit}
          className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 sm:grid-cols-2 dark:border-slate-800 dark:bg-slate-900"
        >
          {fields.map((field) => (
            <FormField key={field.name} field={field} fields={fields} />
          ))}
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <Button type="submit" loading={isSubmitting} data-testid="form-submit">
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
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && blocker.reset()}
          title={i18n._(msg`Leave without saving?`)}
          description={i18n._(msg`Your changes to this form have not been saved and will be lost.`)}
          confirmLabel={i18n._(msg`Leave`)}
          danger
          onConfirm={() => blocker.proceed()}
        />
      )}
    </section>
  );
}
