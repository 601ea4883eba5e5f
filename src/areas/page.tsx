/**
 * Static pages (docs/product.md §2 /pages, /pages/add/{id?}, /pages/privacypolicy/{id?}, /pages/social/{id?};
 * docs/product.md §2): slug, title and rich-text content in both languages, status. The privacy policy and the
 * social links page always exist (they cannot be deleted) and have their own forms: the policy's
 * text, and the social page's named https links. The server sanitises the content; the editor
 * offers only what it keeps.
 */
import { msg } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import {
  MAX_SOCIAL_LINKS,
  PAGE_STATUSES,
  pageResource,
  PRIVACY_POLICY_SLUG,
  SOCIAL_LINKS_SLUG,
  type RecordOf,
} from '@/contract';
import { NotFoundPage } from '@/components/error-pages/NotFoundPage';
import { FullPageSpinner } from '@/components/ui';
import { Badge, dateTime, LocalizedCell, Ltr, statusBadge } from '@/resources/cells';
import { RecordLoadError } from '@/resources/DetailsPage';
import { FormPage } from '@/resources/FormPage';
import { areaPages, parseId } from '@/resources/screens';
import { failedToLoad, listQueryOptions } from '@/resources/queries';
import type { AreaConfig, AreaField } from '@/resources/types';
import { RECORD_SCREENS } from '@/lib/record-screens';
import { PageContent } from './page-content';

export type Page = RecordOf<typeof pageResource>;

const PAGE_STATUS_TEXT = { draft: msg`Draft`, published: msg`Published` };
const PageStatusBadge = statusBadge(PAGE_STATUS_TEXT, { draft: 'grey', published: 'green' }, 'page-status');

/** The form a page is edited in: its own for the two required pages. */
const editPath = (id: number, slug: unknown) =>
  slug === PRIVACY_POLICY_SLUG
    ? `/pages/privacypolicy/${id}`
    : slug === SOCIAL_LINKS_SLUG
      ? `/pages/social/${id}`
      : `/pages/add/${id}`;

const slugField = (readOnly: boolean): AreaField => ({
  name: 'slug',
  kind: 'text',
  label: msg`Slug`,
  hint: readOnly ? undefined : msg`Lower-case letters, digits and hyphens: it is the page’s address.`,
  ltr: true,
  readOnly,
});
const titleField: AreaField = { name: 'title', kind: 'localized', label: msg`Title` };
const contentField: AreaField = { name: 'content', kind: 'richtext', label: msg`Content` };
const statusField: AreaField = {
  name: 'status',
  kind: 'select',
  label: msg`Status`,
  options: PAGE_STATUSES.map((value) => ({ value, label: PAGE_STATUS_TEXT[value] })),
  hint: msg`Published pages are served to the site and the app.`,
};

export const pageArea: AreaConfig<Page> = {
  resource: pageResource,
  title: msg`Pages`,
  createTitle: msg`Add page`,
  editTitle: msg`Edit page`,
  recordName: (row, { language }) => row.title[language] || row.title.en || row.slug,
  paths: {
    list: '/pages',
    create: '/pages/add',
    edit: (id, row) => editPath(id, row.slug),
    details: RECORD_SCREENS.page,
  },
  columns: [
    {
      id: 'title',
      header: msg`Title`,
      sort: 'title',
      cell: (row, ctx) => <LocalizedCell value={row.title} ctx={ctx} />,
    },
    {
      id: 'slug',
      header: msg`Slug`,
      sort: 'slug',
      cell: (row, ctx) => (
        <span className="inline-flex flex-wrap items-center gap-2">
          <Ltr>{row.slug}</Ltr>
          {row.required && <Badge tone="grey">{ctx.i18n._(msg`Required`)}</Badge>}
        </span>
      ),
    },
    {
      id: 'status',
      header: msg`Status`,
      sort: 'status',
      cell: (row, ctx) => <PageStatusBadge status={row.status} ctx={ctx} />,
    },
    {
      id: 'updatedAt',
      header: msg`Last change`,
      sort: 'updatedAt',
      cell: (row, ctx) => dateTime(row.updatedAt, ctx),
    },
  ],
  details: [
    { label: msg`Title`, value: (row, ctx) => <LocalizedCell value={row.title} ctx={ctx} /> },
    { label: msg`Slug`, value: (row) => <Ltr>{row.slug}</Ltr> },
    { label: msg`Status`, value: (row, ctx) => <PageStatusBadge status={row.status} ctx={ctx} /> },
    { label: msg`Content`, value: (row, ctx) => <PageContent row={row} ctx={ctx} /> },
    { label: msg`Last change`, value: (row, ctx) => dateTime(row.updatedAt, ctx) },
  ],
  fields: [slugField(false), titleField, contentField, statusField],
  filters: [
    {
      key: 'status',
      kind: 'select',
      label: msg`Status`,
      options: PAGE_STATUSES.map((value) => ({ value, label: PAGE_STATUS_TEXT[value] })),
    },
  ],
  canRemove: (row) => !row.required,
};

const privacyArea: AreaConfig<Page> = {
  ...pageArea,
  fields: [slugField(true), titleField, contentField, statusField],
};

const socialArea: AreaConfig<Page> = {
  ...pageArea,
  fields: [
    slugField(true),
    titleField,
    {
      name: 'links',
      kind: 'links',
      label: msg`Links`,
      max: MAX_SOCIAL_LINKS,
    },
    statusField,
  ],
};

const pages = areaPages(pageArea);
export const List = pages.List;
export const Form = pages.formPage();
export const Details = pages.detailsPage();

/**
 * The form of a required page: by the id in the path, or (no id) the page with the slug, which
 * always exists.
 */
function requiredPageForm(area: AreaConfig<Page>, slug: string) {
  return function RequiredPage() {
    const params = useParams({ strict: false }) as { id?: string };
    const given = params.id === undefined || params.id === '' ? null : parseId(params.id);
    const lookup = useQuery({
      ...listQueryOptions<Page>(pageResource, { page: 1, pageSize: 10, sort: 'slug', order: 'asc', slug }),
      enabled: given === null,
    });
    if (params.id !== undefined && params.id !== '' && given === null) return <NotFoundPage />;
    if (given !== null) return <FormPage key={given} area={area} id={given} />;
    if (lookup.isPending) return <FullPageSpinner inline />;
    if (failedToLoad(lookup) || lookup.data === undefined)
      return <RecordLoadError error={lookup.error} retry={() => void lookup.refetch()} />;
    const page = lookup.data.items.find((item) => item.slug === slug);
    return page ? <FormPage key={page.id} area={area} id={page.id} /> : <NotFoundPage />;
  };
}

export const PrivacyPolicy = requiredPageForm(privacyArea, PRIVACY_POLICY_SLUG);
export const Social = requiredPageForm(socialArea, SOCIAL_LINKS_SLUG);
