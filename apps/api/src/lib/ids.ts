const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids; anything else is an unknown id (404), never a database error. */
export const isUuid = (id: string) => UUID_RE.test(id);
