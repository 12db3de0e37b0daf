const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path id can name a row at all: anything else is simply not found (404). */
export const isUuid = (id: string) => UUID.test(id);
