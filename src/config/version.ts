import { readFileSync } from 'node:fs'

/** This package's version (package.json), read once. */
export const PACKAGE_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version
