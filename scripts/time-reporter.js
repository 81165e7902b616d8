// A node:test reporter that writes one JSON line per test file: the seconds its top-level tests
// took. scripts/run-tests.js keeps them to start the longest files first next time.
export default async function* timeReporter(source) {
  const seconds = new Map()
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue
    const { file, nesting, details } = event.data
    if (file === undefined || nesting !== 0) continue
    seconds.set(file, (seconds.get(file) ?? 0) + (details?.duration_ms ?? 0) / 1000)
  }
  for (const [file, s] of seconds) yield `${JSON.stringify({ file, seconds: s })}\n`
}
