/** Request bodies made from records, as the app's forms send them (server and browser tests alike). */

/** A record's fields as a body of the contract takes them (its schema's shape names them). */
export const bodyOf = (shape: Record<string, unknown>, record: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(shape).map((k) => [k, record[k]]));

/**
 * A record as the body of its area's update, as the form sends it (every field of the contract's
 * update body, the version included), with `changes` over it.
 */
export const updateBodyOf = (
  resource: { updateBody: { shape: Record<string, unknown> } },
  record: Record<string, unknown>,
  changes: Record<string, unknown> = {},
) => ({ ...bodyOf(resource.updateBody.shape, record), ...changes });
