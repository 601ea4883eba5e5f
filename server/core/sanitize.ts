/**
 * Rich text of static pages: sanitised on the server against an allow-list before it is stored
 * (sanitize-html). Allowed: PAGE_ALLOWED_TAGS; links only with https or mailto addresses and always
 * rel="noopener noreferrer"; no attributes on other tags. Script, style and the like are dropped
 * with their content; event attributes, styles and javascript: addresses disappear.
 */
import sanitizeHtml from 'sanitize-html';
import { PAGE_ALLOWED_TAGS } from '../../src/contract/areas/page';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...PAGE_ALLOWED_TAGS],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  enforceHtmlBoundary: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href ? { href: attribs.href } : {}), rel: 'noopener noreferrer' },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href && !frame.text.trim(),
};

export const sanitizeRichText = (html: string): string => sanitizeHtml(html, OPTIONS).trim();
