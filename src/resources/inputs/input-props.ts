import type { AreaField } from '../types';

export type FieldKind = AreaField['kind'];

/** What every field kind's input gets from the form field (see FIELD_INPUTS in ../fields.tsx). */
export interface FieldInputProps<K extends FieldKind = FieldKind> {
  field: AreaField & { kind: K };
  label: string;
  hint?: string;
  error?: string;
  className?: string;
  /** The form's schema refuses it empty: its label is marked (src/resources/form/form-values.ts). */
  required?: boolean;
  /** Clears the pickers that depend on this field (city on country); absent when none do. */
  onChange?: () => void;
  /** The field of this form this one depends on (its `dependsOn`). */
  parent?: AreaField;
  /** Every field of the form. */
  fields?: readonly AreaField[];
  /** The record edited (absent: a new one). */
  record?: Record<string, unknown>;
}
