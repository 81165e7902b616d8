// A node:test reporter that writes one JSON line per skipped suite or test: its name, file and
// reason. The spec reporter's "skipped" counts tests only, so a whole suite skipped (the PostgreSQL
// half without TEST_DATABASE_URL, the browser test without Chromium) would leave it at 0;
// scripts/run-tests.js reads these lines to name every skip after the run.
export default async function* skipReporter(source) {
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue
    const { name, file, skip, details } = event.data
    if (skip === undefined || skip === false) continue
    const kind = details?.type === 'suite' ? 'suite' : 'test'
    yield `${JSON.stringify({ name, file, kind, reason: skip === true ? 'no reason given' : skip })}\n`
  }
}
