// What the disclosure record tells a data-protection officer (CONTRACT 20): who received a person
// (Art. 15(1)(c)), and what one recipient received, day by day.

import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/tables.js'

/** One recipient and operation that carried a person. */
export interface PersonDisclosure {
  recipient_kind: 'key' | 'webhook'
  recipient_id: string
  recipient_name: string
  privacy: string
  operation: string
  first_at: string
  last_at: string
  days: number
  answers: number
}

/**
 * Every recipient and operation that carried the employee since `sinceDay` (all kept days when
 * undefined), each with its first and last time, its days and answers, named as last recorded.
 * Ordered by recipient (keys first), then operation.
 */
export async function disclosuresOfPerson(
  db: Kysely<Database>,
  organizationId: string,
  employeeId: string,
  sinceDay?: string,
): Promise<PersonDisclosure[]> {
  const rows = await db
    .selectFrom('disclosures')
    .select([
      'recipient_kind',
      'recipient_id',
      'recipient_name',
      'privacy',
      'operation',
      'first_at',
      'last_at',
      'answers',
    ])
    .where('organization_id', '=', organizationId)
    .where('employee_id', '=', employeeId)
    .$if(sinceDay !== undefined, (q) => q.where('day', '>=', sinceDay as string))
    .orderBy('day')
    .execute()
  const grouped = new Map<string, PersonDisclosure>()
  for (const r of rows) {
    const id = [r.recipient_kind, r.recipient_id, r.privacy, r.operation].join('\u0000')
    const entry = grouped.get(id)
    if (entry === undefined) {
      grouped.set(id, {
        recipient_kind: r.recipient_kind as 'key' | 'webhook',
        recipient_id: r.recipient_id,
        recipient_name: r.recipient_name,
        privacy: r.privacy,
        operation: r.operation,
        first_at: r.first_at,
        last_at: r.last_at,
        days: 1,
        answers: Number(r.answers),
      })
      continue
    }
    // Days come in order: a later day's name is the newer.
    entry.recipient_name = r.recipient_name
    if (r.first_at < entry.first_at) entry.first_at = r.first_at
    if (r.last_at > entry.last_at) entry.last_at = r.last_at
    entry.days++
    entry.answers += Number(r.answers)
  }
  const order = (p: PersonDisclosure) => [
    p.recipient_kind,
    p.recipient_name,
    p.recipient_id,
    p.privacy,
    p.operation,
  ]
  return [...grouped.values()].sort((a, b) => {
    const [x, y] = [order(a), order(b)]
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return (x[i] as string) < (y[i] as string) ? -1 : 1
    return 0
  })
}

/** One day and operation of a recipient. */
export interface RecipientDisclosure {
  day: string
  operation: string
  /** The people its answers carried that day (none for an aggregate key's questions). */
  persons: number
  answers: number
  /** An aggregate key's question's parameters; null for any other answer. */
  parameters: Record<string, unknown> | null
}

/** What a key or webhook endpoint was sent since `sinceDay`, newest day first, then by operation. */
export async function disclosuresOfRecipient(
  db: Kysely<Database>,
  recipientId: string,
  sinceDay?: string,
): Promise<RecipientDisclosure[]> {
  const rows = await db
    .selectFrom('disclosure_answers as a')
    .select([
      'a.day',
      'a.operation',
      'a.parameters',
      'a.answers',
      (q) =>
        q
          .selectFrom('disclosures as d')
          .select(sql<number | string>`count(*)`.as('n'))
          .whereRef('d.recipient_kind', '=', 'a.recipient_kind')
          .whereRef('d.recipient_id', '=', 'a.recipient_id')
          .whereRef('d.day', '=', 'a.day')
          .whereRef('d.operation', '=', 'a.operation')
          .as('persons'),
    ])
    .where('a.recipient_id', '=', recipientId)
    .$if(sinceDay !== undefined, (q) => q.where('a.day', '>=', sinceDay as string))
    .orderBy('a.day', 'desc')
    .orderBy('a.operation')
    .orderBy('a.parameters')
    .execute()
  return rows.map((r) => ({
    day: r.day,
    operation: r.operation,
    persons: r.parameters === '' ? Number(r.persons ?? 0) : 0,
    answers: Number(r.answers),
    parameters: r.parameters === '' ? null : (JSON.parse(r.parameters) as Record<string, unknown>),
  }))
}

/** Whether `id` names an API key or a webhook endpoint, or once did in the record. */
export async function isRecipient(db: Kysely<Database>, id: string): Promise<boolean> {
  const found = await db
    .selectFrom('api_keys')
    .select('id')
    .where('id', '=', id)
    .union(db.selectFrom('webhook_endpoints').select('id').where('id', '=', id))
    .union(db.selectFrom('disclosure_answers').select('recipient_id as id').where('recipient_id', '=', id))
    .executeTakeFirst()
  return found !== undefined
}
