// Flag and argument parsers shared by the commands.

import { CliError } from './output.js'

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/

/** A commander parser for a UUID flag or argument, lower-cased; `flag` names it in the error. */
export function uuid(flag: string) {
  return (value: string) => {
    if (!UUID.test(value)) throw new CliError(`${flag} must be a UUID`)
    return value.toLowerCase()
  }
}

export const DATABASE_FLAG = [
  '--database <url>',
  'database URL or SQLite path (overrides DATABASE_URL)',
] as const
