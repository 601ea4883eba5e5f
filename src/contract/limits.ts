/**
 * Every size limit of the API in one place (docs/security.md, "Limits and their values"): the server
 * enforces these, the app's forms check them before sending, and the docs quote them.
 */

const MB = 1024 * 1024;

/** The largest image a user may upload (profile, event, advertisement, category icon). */
export const MAX_IMAGE_BYTES = 5 * MB;
/** The largest provider document (PDF, JPEG or PNG). */
export const MAX_DOCUMENT_BYTES = 10 * MB;
/** How many documents one provider may keep. */
export const MAX_DOCUMENTS_PER_PROVIDER = 20;
/** The largest JSON body. */
export const MAX_JSON_BODY_BYTES = 1 * MB;
/** The largest multipart body: the largest file plus room for the form's own parts. */
export const MAX_MULTIPART_BODY_BYTES = Math.max(MAX_IMAGE_BYTES, MAX_DOCUMENT_BYTES) + 256 * 1024;
/** Deepest nesting of arrays and objects in a JSON body. */
export const MAX_JSON_DEPTH = 32;
/** Most values (keys and array items, counted together) in a JSON body. */
export const MAX_JSON_VALUES = 10_000;
/** Most bytes one user's uploaded files may hold together, unless UPLOAD_QUOTA_MB says otherwise. */
export const DEFAULT_UPLOAD_QUOTA_BYTES = 500 * MB;
/** The largest UPLOAD_QUOTA_MB accepted (1 TB). */
export const MAX_UPLOAD_QUOTA_MB = 1024 * 1024;
