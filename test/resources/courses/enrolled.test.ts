// GET /v1/courses/{course_id} (CONTRACT 15): the employees enrolled in a course, in the order of
// employees_progress, each with their entry and its quiz scores, walked item for item against the
// records, with the status filter; another workspace's course answers like an unknown one.

import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { servedDataset, type TestApp, walk } from '../../helpers/app.js'
import { DIALECTS } from '../../helpers/databases.js'
import { type ApiDataset, unknownId } from '../../helpers/dataset.js'
import { enrolled } from './oracle.js'

for (const { dialect, skip } of DIALECTS) {
  describe(`a course's enrolled employees (${dialect})`, { skip }, () => {
    let t: TestApp
    let d: ApiDataset
    let key: string
    before(async () => {
      ;({ t, d, key } = await servedDataset(dialect))
    })
    after(() => t?.close())

    const coursesOf = (workspace: string) =>
      d.all.filter((r) => r.type === 'course' && r.workspace_id === workspace)

    test('walks equal the entries of each course, with quiz scores, at limits 1, 7 and 100', async () => {
      const courses = coursesOf(d.a1)
      assert.ok(courses.length > 1)
      for (const c of courses) {
        const expected = enrolled(d.all, d.a1, c.id as string)
        assert.ok(expected.length > 0)
        for (const limit of [1, 7, 100]) {
          const { items } = await walk(t, `/v1/courses/${c.id}?workspace_id=${d.a1}`, key, limit)
          assert.deepEqual(items, expected, `${c.name} limit ${limit}`)
        }
      }
      const scores = courses.flatMap((c) => enrolled(d.all, d.a1, c.id as string).map((i) => i.quiz_score))
      assert.ok(scores.includes(null) && scores.some((s) => typeof s === 'number'))
    })

    test('status filters on the entry', async () => {
      const [c] = coursesOf(d.a1)
      for (const status of [['completed'], ['missed', 'upcoming']]) {
        const url = `/v1/courses/${c?.id}?workspace_id=${d.a1}&status=${status.join(',')}`
        const { items } = await walk(t, url, key, 3)
        assert.deepEqual(items, enrolled(d.all, d.a1, c?.id as string, status), url)
      }
      const wrong = await t.request(`/v1/courses/${c?.id}?workspace_id=${d.a1}&status=done`, { key })
      assert.equal(wrong.status, 422)
      assert.deepEqual(wrong.json.errors[0].source, { parameter: 'status' })
    })

    test("another workspace's or organization's course answers like an unknown one", async () => {
      const foreign = d.all.filter((r) => r.type === 'course' && r.workspace_id !== d.a1).map((c) => c.id)
      const bodies = new Set<string>()
      for (const id of [...foreign, unknownId()]) {
        const response = await t.request(`/v1/courses/${id}?workspace_id=${d.a1}`, { key })
        assert.equal(response.status, 404)
        assert.equal(response.json.errors[0].code, 'course_not_found')
        assert.deepEqual(response.json.errors[0].source, { parameter: 'course_id' })
        bodies.add(JSON.stringify({ ...response.json, meta: null }))
      }
      assert.equal(bodies.size, 1)
      // Statistics and the progress list keep their paths.
      const statistics = await t.request(`/v1/courses/statistics?workspace_id=${d.a1}`, { key })
      assert.equal(statistics.status, 200)
    })
  })
}
