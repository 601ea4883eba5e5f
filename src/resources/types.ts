/**
 * What an area writes (docs/decisions/0005-resource-pattern.md): its descriptor, its columns, its form fields, its
 * filters and its extra actions. The generic list, form and details pages do the rest.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { QueryClient } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import type { AnyEndpoint, Language, ListLayout, Permission, Resource, Role } from '@/contract';
import type { SetListSearch } from './list/useListSearch';
import type { BaseRecord } from './queries';
import type { ListSearch } from './search';

export interface RenderContext {
  i18n: I18n;
  language: Language;
}

interface AreaColumn<T extends BaseRecord = BaseRecord> {
  id: string;
  header: MessageDescriptor;
  /** The resource's sort column for this column (absent: not sortable). */
  sort?: string;
  cell: (row: T, ctx: RenderContext) => ReactNode;
  /** Hidden until the user shows it in the column menu. */
  hiddenByDefault?: boolean;
  /**
   * Which columns fold first when the table's width does not hold them all (docs/product.md §2
   * lists, docs/decisions/0082-dense-width-aware-tables.md): `low` ones, then `medium` ones; a folded
   * one waits in the column menu. Absent: always shown (the name, the status).
   */
  priority?: 'medium' | 'low';
}

/** A record as a card on a phone: the first column is its title (see ListCards). */
interface AreaCard {
  /** The column shown as the card's badge (its status). */
  status?: string;
  /** Two or three key columns shown under the title. */
  fields: readonly string[];
}

/** Where a picker's options come from (see pickers.ts). */
export type PickerSource =
  'country' | 'city' | 'location' | 'category' | 'provider' | 'event' | 'supervisor' | 'user';

export type AreaFilter = (
  | { key: string; label: MessageDescriptor; kind: 'boolean'; yes: MessageDescriptor; no: MessageDescriptor }
  | {
      key: string;
      label: MessageDescriptor;
      kind: 'select';
      options: readonly { value: string; label: MessageDescriptor }[];
    }
  | {
      key: string;
      label: MessageDescriptor;
      kind: 'reference';
      source: PickerSource;
      /** Another filter whose value narrows this one (city by country); changing it clears this. */
      dependsOn?: string;
    }
  | {
      key: string;
      label: MessageDescriptor;
      kind: 'date';
      /**
       * Days of moments, counted on the viewer's clock (the list's `tz`, src/resources/search.ts),
       * which the control names (docs/decisions/0031-venue-days-and-viewer-moments.md).
       */
      viewer?: boolean;
    }
) & {
  /** Shown only when this answers true (staff-only filters). */
  visible?: (ctx: ActionContext) => boolean;
};

export interface FieldContext {
  mode: 'create' | 'edit';
  role: Role | null;
  permissions: readonly Permission[];
}

interface FieldBase {
  name: string;
  label: MessageDescriptor;
  hint?: MessageDescriptor;
  /** Shown only when this answers true (e.g. only admins see the role). */
  visible?: (ctx: FieldContext) => boolean;
  /** Only on create (an initial password). */
  createOnly?: boolean;
  /** Takes the whole row of the form grid. */
  wide?: boolean;
  /**
   * Begins a titled section of the form (a card of its own); the fields after it belong to it until
   * the next field that begins one. Give it to a field every reader sees.
   */
  section?: MessageDescriptor;
  /**
   * Shown only while the form's values answer true (an advertisement's event or address, by its
   * target); a hidden field is left out (the schema's default applies).
   */
  when?: (values: Record<string, unknown>) => boolean;
}

export type AreaField = FieldBase &
  (
    | { kind: 'localized'; multiline?: boolean }
    | {
        kind: 'text' | 'email' | 'tel' | 'password';
        /** An empty input is sent as null. */
        nullable?: boolean;
        autoComplete?: string;
        /** Codes and numbers read left to right in Arabic too. */
        ltr?: boolean;
        placeholder?: string;
        /** Shown, sent, not editable (a required page's slug). */
        readOnly?: boolean;
      }
    | { kind: 'number'; step?: number; nullable?: boolean }
    | { kind: 'boolean' }
    | { kind: 'select'; options: readonly { value: string; label: MessageDescriptor }[] }
    | { kind: 'reference'; source: PickerSource; dependsOn?: string; nullable?: boolean }
    | { kind: 'image'; upload: AnyEndpoint }
    /**
     * A date and time on the clock of the venue chosen in the field `venue` (a location picker;
     * its options carry `timeZone`, the record its own `timeZone`; the platform's, PLATFORM_TIME_ZONE,
     * until one is chosen). Without `venue`, a moment on the viewer's clock (the device's zone,
     * docs/decisions/0031-venue-days-and-viewer-moments.md). Sent as an ISO instant.
     */
    | { kind: 'datetime'; venue?: string; optional?: boolean }
    /** A calendar day `YYYY-MM-DD`. `optional`: the picker offers to clear it. */
    | { kind: 'date'; optional?: boolean }
    /** An IANA time zone, searched as typed; choosing the field `country` sets its zone. */
    | { kind: 'timezone'; country?: string }
    /** An amount typed in riyals, sent in halalas (minor units). */
    | { kind: 'money' }
    /** Several uploaded images, one of them the cover (its path in the field `cover`). */
    | { kind: 'gallery'; upload: AnyEndpoint; cover: string; max: number }
    /** Several fixed choices, as their values (checkboxes). */
    | { kind: 'multiselect'; options: readonly { value: string; label: MessageDescriptor }[] }
    /** Several records of a source, as ids (checkboxes). */
    | { kind: 'multireference'; source: PickerSource; dependsOn?: string }
    /** `{ en, ar }` rich text (HTML of PAGE_ALLOWED_TAGS), edited in a lazily loaded editor. */
    | { kind: 'richtext' }
    /** Named https links `{ name: { en, ar }, url }[]`, added, removed and reordered. */
    | { kind: 'links'; max: number }
  );

export interface ActionContext {
  queryClient: QueryClient;
  role: Role | null;
  permissions: readonly Permission[];
}

export interface AreaAction<T extends BaseRecord = BaseRecord> {
  id: string;
  label: MessageDescriptor;
  icon?: LucideIcon;
  danger?: boolean;
  /**
   * The record's next step (submit, approve, confirm, check in, send): a read view shows the first
   * visible one as its one primary button, and Edit when none is (docs/product.md §2, details).
   */
  primary?: boolean;
  visible?: (row: T, ctx: ActionContext) => boolean;
  /** Asks a reason first (reject, block); `required` refuses an empty one. */
  reason?: { title: MessageDescriptor; required: boolean };
  /** Asks to confirm first. */
  confirm?: MessageDescriptor;
  /** What the confirmation adds about this record (a notification: how many people it reaches now). */
  ConfirmDetail?: (props: { row: T }) => ReactNode;
  /**
   * The same action on many rows (POST /api/<key>/bulk, docs/decisions/0021-bulk-actions-and-list-keyboard.md):
   * the contract's action name and its parameters, given the reason asked once for all.
   */
  bulk?: { action: string; params: (reason: string | null) => Record<string, unknown> };
  /**
   * `run` goes through the outbox (`send` of src/app/outbox.ts): offered offline or with the server
   * out of reach, kept on the device and sent once. Any other action needs the server: while it
   * cannot be reached it is shown disabled with `needsServer` (else a general reason) under it
   * (docs/decisions/0076-offline-decisions-an-unreachable-server-and-one-history.md).
   */
  queues?: boolean;
  needsServer?: MessageDescriptor;
  /**
   * `queued`: kept in the outbox for later (offline); the cached data already shows it. `undo`: the
   * token the server minted for this write, when it can be undone (src/contract/undo.ts).
   */
  run: (
    row: T,
    input: { reason: string | null; idempotencyKey: string },
  ) => Promise<{ message: string; queued?: boolean; undo?: string }>;
}

export interface DetailItem<T extends BaseRecord = BaseRecord> {
  label: MessageDescriptor;
  value: (row: T, ctx: RenderContext) => ReactNode;
}

/** Where an area's pages are (docs/product.md §2 paths). */
interface AreaPaths {
  list: string;
  /** Absent: records are not added here (bookings come from customers). */
  create?: string;
  /** Absent: no edit form (changes go through the area's actions). The row picks among forms. */
  edit?: (id: number, row: BaseRecord) => string;
  details?: (id: number) => string;
}

/** What an edit asks before it is saved, and the values a "no" to its choice adds. */
export interface SaveQuestion {
  text: string;
  /** A choice the save may take (e.g. "don't tell guests"): ticked, these values go with it. */
  optOut?: { label: string; values: Record<string, unknown> };
}

export interface AreaConfig<T extends BaseRecord = BaseRecord> {
  resource: Resource;
  /**
   * Asked before an edit is saved, from the record and the values about to be sent (an event's new
   * times: how many guests are told, docs/product.md); null saves at once.
   */
  saveQuestion?: (record: T, values: Record<string, unknown>, i18n: I18n) => Promise<SaveQuestion | null>;
  /**
   * How the list's other layouts (its resource's `layouts`) are drawn in place of the table, under
   * the same filters, search and saved views (the events' calendar, docs/decisions/0070-the-events-calendar.md).
   */
  layouts?: Partial<Record<ListLayout, ListLayoutPage>>;
  /** The list's heading (the sidebar's label). */
  title: MessageDescriptor;
  /** Headings of the form, for areas that have one: "Add country", "Edit country". */
  createTitle?: MessageDescriptor;
  editTitle?: MessageDescriptor;
  /** The record's name in messages ("Delete {name}?"). */
  recordName: (row: T, ctx: RenderContext) => string;
  paths: AreaPaths;
  /** The first column names the record: it links to it and stays in view when the table scrolls. */
  columns: readonly AreaColumn<T>[];
  /** The record as a card on a phone (absent: the next three columns). */
  card?: AreaCard;
  fields: readonly AreaField[];
  filters?: readonly AreaFilter[];
  actions?: readonly AreaAction<T>[];
  /** The read view's items (definition list); the columns are used when absent. */
  details?: readonly DetailItem<T>[];
  /** The read view's related data below its items (a sent notification's recipients). */
  DetailsSections?: (props: { row: T }) => ReactNode;
  /** Under the form's fields: what the values being written mean (a notification's audience, counted). */
  FormNote?: () => ReactNode;
  /** Whether a record can still be edited (a sent notification cannot): hides the edit links. */
  canEdit?: (row: T) => boolean;
  /** Who may add / delete (the server checks anyway): hides the buttons otherwise. */
  canCreate?: (ctx: ActionContext) => boolean;
  canRemove?: (row: T, ctx: ActionContext) => boolean;
  /**
   * Above the record's edit form: what the form does not edit but the reader should know and may
   * act on (an invited account's invitation, docs/decisions/0063-invitations.md).
   */
  EditNotice?: (props: { area: AreaConfig<T>; row: T }) => ReactNode;
  /** Defaults of a new record beyond the fields' own (e.g. the initial location). */
  useCreateDefaults?: () => { values: Record<string, unknown>; ready: boolean };
}

/** What a list's other layout gets: the list's view (its filters and search) and how to change it. */
export interface ListLayoutProps {
  search: ListSearch;
  setSearch: SetListSearch;
}

/**
 * A list's other layout: its switch's label and icon, the list's filters it does not apply (hidden
 * while it shows), and its page (lazy: it loads when first shown).
 */
interface ListLayoutPage {
  label: MessageDescriptor;
  icon: LucideIcon;
  hides?: readonly string[];
  Page: ComponentType<ListLayoutProps>;
}
