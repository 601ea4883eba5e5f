import { z } from 'zod';
import { localized } from '../common';
import { endpoint, ok, publicAccess } from '../http';
import { msg } from '../messages';
import { defineResource, localizedText, recordOf } from '../resource';
import { httpsUrl } from './values';

/**
 * Static pages (permission `pages`): slug, title and rich-text content in both languages, status.
 * The server sanitises the content against an allow-list (PAGE_ALLOWED_TAGS; links https or mailto
 * only, with rel="noopener noreferrer"); anything else (scripts, styles, event attributes,
 * javascript: addresses) is removed before it is stored, so what the API serves is safe to render.
 * Two pages are required and cannot be deleted: the privacy policy (slug `privacy-policy`) and the
 * social links page (slug `social-links`, its `links` are named https addresses).
 */
const tag = 'Pages';

export const PAGE_STATUSES = ['draft', 'published'] as const;
const pageStatus = z.enum(PAGE_STATUSES);
export const PRIVACY_POLICY_SLUG = 'privacy-policy';
export const SOCIAL_LINKS_SLUG = 'social-links';
export const REQUIRED_PAGE_SLUGS = [PRIVACY_POLICY_SLUG, SOCIAL_LINKS_SLUG] as const;
export const PAGE_ALLOWED_TAGS = [
  'p',
  'h2',
  'h3',
  'h4',
  'strong',
  'em',
  'u',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'br',
] as const;
const MAX_PAGE_CONTENT = 100_000;
export const MAX_SOCIAL_LINKS = 20;

const content = z.strictObject({
  en: z
    .string()
    .max(MAX_PAGE_CONTENT, msg('maxChars', { n: MAX_PAGE_CONTENT }))
    .default(''),
  ar: z
    .string()
    .max(MAX_PAGE_CONTENT, msg('maxChars', { n: MAX_PAGE_CONTENT }))
    .default(''),
});

const pageLink = z.strictObject({ name: localized(60), url: httpsUrl });

export const pageResource = defineResource({
  key: 'page',
  columns: ['title', 'slug', 'status', 'updatedAt'],
  tag,
  permission: 'pages',
  paths: {
    list: { method: 'GET', path: '/api/pages' },
    create: { method: 'POST', path: '/api/pages' },
    get: { method: 'GET', path: '/api/pages/:id' },
    update: { method: 'PUT', path: '/api/pages/:id' },
    remove: { method: 'DELETE', path: '/api/pages/:id' },
  },
  record: recordOf({
    slug: z.string(),
    title: localizedText,
    /** Sanitised HTML. */
    content: localizedText,
    links: z.array(z.object({ name: localizedText, url: z.string() })),
    status: pageStatus,
    /** The privacy policy and social links pages cannot be deleted. */
    required: z.boolean(),
  }),
  input: z.strictObject({
    slug: z
      .string()
      .trim()
      .max(80, msg('maxChars', { n: 80 }))
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, msg('slug')),
    title: localized(150),
    content: content.default({ en: '', ar: '' }),
    links: z.array(pageLink).max(MAX_SOCIAL_LINKS).default([]),
    status: pageStatus.default('draft'),
  }),
  filters: z.strictObject({ status: pageStatus.optional(), slug: z.string().max(80).optional() }),
  sort: ['title', 'slug', 'status', 'createdAt', 'updatedAt'],
  defaultSort: { column: 'slug', order: 'asc' },
  searchIn: 'the slug and the English and Arabic titles',
  notes: {
    create:
      'The content is sanitised on the server (allowed: PAGE_ALLOWED_TAGS); the answer holds what was stored.',
    remove: 'The privacy policy and social links pages answer 409.',
  },
});

const publishedPage = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: localizedText,
  content: localizedText,
  links: z.array(z.object({ name: localizedText, url: z.string() })),
  updatedAt: z.string(),
});

export const pageApi = {
  masterPages: endpoint({
    method: 'GET',
    path: '/api/master/pages',
    summary:
      'Published pages (public, for the site and pickers): every one, or one by `slug` (404 when it is not published).',
    tag,
    access: publicAccess,
    query: z.strictObject({ slug: z.string().max(80).optional() }),
    response: ok(z.array(publishedPage)),
  }),
} as const;
