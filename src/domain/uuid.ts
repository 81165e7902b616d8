// The form of every id (CONTRACT 1): a lower-case UUID. Here, below the schemas, so that what only
// checks an id (the command line's options) does not load the schema library.

export const UUID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
