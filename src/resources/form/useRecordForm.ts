import type { I18n } from '@lingui/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useBlocker, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useForm, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { Language } from '@/contract';
import { connectionState, isUnreachable } from '@/app/connection';
import { notify } from '@/app/notify';
import { notifyKept } from '@/app/kept-notice';
import { endpointName, send } from '@/app/outbox';
import { useSession } from '@/app/session';
import { ApiError, errorMessage, newIdempotencyKey } from '@/lib/api';
import { saveRequest, useCreateRecord, useUpdateRecord, type BaseRecord } from '../queries';
import type { AreaConfig, AreaField, FieldContext, SaveQuestion } from '../types';
import {
  errorTarget,
  formErrorMap,
  formSchema,
  initialValues,
  keptValues,
  normalizeValues,
  requiredFields,
} from './form-values';
import { fieldZone } from './venue-zone';

/** The fields this reader fills in, and react-hook-form with the contract's schema. */
function useFormSetup<T extends BaseRecord>(
  area: AreaConfig<T>,
  record: T | undefined,
  createDefaults: Record<string, unknown>,
) {
  const session = useSession();
  const queryClient = useQueryClient();
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
    const asRecord = record as Record<string, unknown> | undefined;
    return (values, ctx, options) =>
      inner(
        {
          ...kept,
          ...normalizeValues(fields, values, (field) =>
            fieldZone(queryClient, field, fields, values, asRecord),
          ),
        },
        ctx,
        options,
      );
  }, [schema, fields, record, queryClient]);
  const form = useForm<FieldValues>({
    resolver,
    defaultValues: initialValues(fields, record, mode === 'create' ? createDefaults : {}),
    // Checked on submit, then again as fields change: a server error stays until its field changes.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const required = useMemo(() => requiredFields(schema, fields), [schema, fields]);
  return { fields, form, required };
}

/** The save kept in the outbox for later; null when its endpoint does not wait there. */
async function saveOffline<T extends BaseRecord>({
  area,
  record,
  values,
  name,
  i18n,
  idempotencyKey,
  keep = false,
}: {
  keep?: boolean;
  area: AreaConfig<T>;
  record: T | undefined;
  values: FieldValues;
  name: string;
  i18n: I18n;
  idempotencyKey: string;
}) {
  const language = i18n.locale as Language;
  const { endpoint, request } = saveRequest(area.resource, values, record ?? null);
  const apiName = endpointName(endpoint);
  if (!apiName) return null;
  return send(apiName, request, {
    // "Edit country: Oman" / "Add country: Oman", named as the area names its records.
    summary: `${i18n._(record ? (area.editTitle ?? area.title) : (area.createTitle ?? area.title))}: ${
      record ? name : area.recordName({ ...values, id: 0, version: 0 } as unknown as T, { i18n, language })
    }`,
    resource: area.resource.key,
    recordId: record?.id ?? null,
    patch: record ? values : null,
    identity: record ? { id: record.id, version: record.version } : undefined,
    idempotencyKey,
    keep,
  });
}

/**
 * A refused save, each error said once (docs/product.md §8): a stale version (409) becomes the
 * conflict notice, field errors go on their inputs only (the first takes the focus), the errors of
 * no input above the form; a save refused without field errors says the server's message above the
 * form. No notice repeats them.
 */
function showSaveError(
  error: unknown,
  {
    record,
    fields,
    form,
    renewKey,
    setConflict,
    setFormErrors,
  }: {
    record: BaseRecord | undefined;
    fields: readonly AreaField[];
    form: UseFormReturn<FieldValues>;
    renewKey: () => void;
    setConflict: (message: string) => void;
    setFormErrors: (messages: string[]) => void;
  },
) {
  if (!(error instanceof ApiError)) {
    setFormErrors([errorMessage(error)]);
    return;
  }
  if (error.status >= 400 && error.status < 500) renewKey();
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
  setFormErrors(first || others.length > 0 ? others : [error.message]);
}

/** The add / edit form's state: the form, its save (online or to the outbox) and the leave guard. */
export function useRecordForm<T extends BaseRecord>(
  area: AreaConfig<T>,
  record: T | undefined,
  createDefaults: Record<string, unknown>,
) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const navigate = useNavigate();
  const { fields, form, required } = useFormSetup(area, record, createDefaults);
  const create = useCreateRecord<T>(area.resource);
  const update = useUpdateRecord<T>(area.resource);
  // One key per attempt at saving: a retry after no answer is the same request (one effect), a
  // request the server refused changed nothing, and the corrected one is a new request.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [conflict, setConflict] = useState<string | null>(null);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);

  // The errors above the form go as soon as the input changes (those of the fields follow their input).
  useEffect(() => {
    const { unsubscribe } = form.watch(() => setFormErrors((shown) => (shown.length > 0 ? [] : shown)));
    return unsubscribe;
  }, [form]);

  const { isDirty, isSubmitting } = form.formState;
  const blocker = useBlocker({
    shouldBlockFn: () => isDirty && !saved,
    enableBeforeUnload: () => isDirty && !saved,
    withResolver: true,
  });

  const name = record ? area.recordName(record, { i18n, language }) : '';
  const finish = async (message: string, kept = false) => {
    setSaved(true);
    if (kept) notifyKept(message);
    else notify.success(message);
    await navigate({ to: area.paths.list as '/', ignoreBlocker: true });
  };
  // The question an edit asks before it is saved (`area.saveQuestion`), with the values it waits on.
  const [question, setQuestion] = useState<{ asked: SaveQuestion; values: FieldValues } | null>(null);
  const save = async (values: FieldValues) => {
    // Kept in the outbox with this attempt's key: offline, or after no server answered (ADR 0076).
    const keep = async (afterTry: boolean) => {
      const kept = await saveOffline({ area, record, values, name, i18n, idempotencyKey, keep: afterTry });
      return kept && finish(kept.message, kept.queued).then(() => true);
    };
    // Without a connection the save waits in the outbox (uploads were refused already).
    if (connectionState() !== 'online' && (await keep(false))) return;
    try {
      const answer = record
        ? await update.mutateAsync({ values, id: record.id, version: record.version, idempotencyKey })
        : await create.mutateAsync({ values, idempotencyKey });
      await finish(answer.message);
    } catch (error) {
      if (isUnreachable(error) && (await keep(true))) return;
      const renewKey = () => setIdempotencyKey(newIdempotencyKey());
      showSaveError(error, { record, fields, form, renewKey, setConflict, setFormErrors });
    }
  };
  const onSubmit = form.handleSubmit(async (values) => {
    setConflict(null);
    setFormErrors([]);
    const asked =
      record && area.saveQuestion ? await area.saveQuestion(record, values, i18n).catch(() => null) : null;
    if (asked) setQuestion({ asked, values });
    else await save(values);
  });
  /** The question's answer: save (with its choice's values when `optedOut`), or back to the form. */
  const answer = async (go: boolean, optedOut = false) => {
    const pending = question;
    if (!go || !pending) return setQuestion(null);
    await save(optedOut ? { ...pending.values, ...pending.asked.optOut?.values } : pending.values);
    setQuestion(null);
  };
  return {
    i18n,
    name,
    fields,
    form,
    required,
    onSubmit,
    isSubmitting,
    blocker,
    conflict,
    setConflict,
    formErrors,
    question: question?.asked ?? null,
    answer,
  };
}
