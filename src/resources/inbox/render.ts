// Ticket JSON, and a report's. A ticket carries counts derived from its reports, so it is rendered
// after they are (import.ts). A report embeds its employee's reference, which follows the employee's
// record: it is stored around that reference, which is joined in when a page is read (sql.ts).

import { jsonAround } from '../../records/fragments.js'
import { jsonOf } from '../../schemas/ordered-json.js'
import { EmailReport, InboxTicket } from './schema.js'

/** A ticket's JSON, from its values (its counts derived). */
export const ticketJson = jsonOf(InboxTicket)

/** A report around its employee: `head` + employee reference + `tail`. */
export const reportAround = jsonAround(EmailReport, 'employee')

/** SQL: a report's JSON, from its row `r` and its employee's row `e`. */
export const REPORT_JSON = 'r.json_head || e.ref_json || r.json_tail'
