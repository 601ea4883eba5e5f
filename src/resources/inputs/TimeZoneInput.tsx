/**
 * A venue's time zone (docs/decisions/0026-venue-time-zones-and-date-pickers.md): a text input
 * searching the runtime's IANA zones as the user types (a datalist: "Muscat", "Asia/Mus"…), each
 * named by its city and offset. Choosing a country sets its zone where it has one.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Language } from '@/contract';
import { canonicalTimeZone, countryTimeZone, COUNTRY_TIME_ZONES } from '@/contract/time-zones';
import { FORMAT_LOCALES } from '@/app/i18n';
import { TextField } from '@/components/ui';
import { zoneLabel } from '@/lib/zone-label';
import { marked } from '../field-parts';
import { countryDropdownOptions } from '../queries';
import type { FieldInputProps } from './input-props';

/** Every zone this browser knows, the region's first. */
function knownZones(): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const region = [...new Set(Object.values(COUNTRY_TIME_ZONES))];
  return [...region, ...all.filter((zone) => !region.includes(zone)), 'UTC'];
}

export function TimeZoneInput({
  field,
  label,
  hint,
  error,
  className,
  required,
}: FieldInputProps<'timezone'>) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const { register, setValue } = useFormContext();
  const listId = useId();
  const value = useWatch({ name: field.name }) as unknown;
  const zone = typeof value === 'string' ? canonicalTimeZone(value) : null;
  const now = useMemo(() => new Date(), []);
  const options = useMemo(
    () =>
      knownZones().map((name) => ({
        name,
        label: zoneLabel(now, name, language, FORMAT_LOCALES[language]),
      })),
    [now, language],
  );

  // A country chosen here brings its zone (the first value is the record's or the default's).
  const countries = useQuery(countryDropdownOptions());
  const country = useWatch({ name: field.country ?? '__none__', disabled: !field.country }) as unknown;
  const previous = useRef(country);
  useEffect(() => {
    if (previous.current === country) return;
    previous.current = country;
    const iso = countries.data?.find((c) => String(c.id) === String(country))?.isoCode;
    if (iso) setValue(field.name, countryTimeZone(iso), { shouldDirty: true, shouldValidate: false });
  }, [country, countries.data, field.name, setValue]);

  const named = zone
    ? i18n._(msg`Events here are shown in ${zoneLabel(now, zone, language, FORMAT_LOCALES[language])}.`)
    : null;
  const notes = [hint, named].filter(Boolean).join(' ');
  return (
    <>
      <TextField
        className={className}
        label={marked(label, required)}
        hint={notes || undefined}
        type="text"
        dir="ltr"
        list={listId}
        autoComplete="off"
        spellCheck={false}
        placeholder="Asia/Riyadh"
        required={required}
        error={error}
        data-testid={`field-${field.name}`}
        {...register(field.name)}
      />
      <datalist id={listId}>
        {options.map((option) => (
          <option key={option.name} value={option.name}>
            {option.label}
          </option>
        ))}
      </datalist>
    </>
  );
}
