// campaign.* and attack.* in OCSF (docs/ocsf.md): a campaign is managed (Entity Management); an
// attack is a Detection Finding about its employee, an alert once they were tricked, resolved once
// they reported it, its evidence's verdict "Test" (a simulation, not a threat).

import { DETECTION_FINDING, FINDING_STATUS, SEVERITY } from '../../ocsf/classes.js'
import { entityManagement } from '../../ocsf/entity.js'
import { findingActivity } from '../../ocsf/finding.js'
import { compact, except, type FeedEvent, millis, millisOrAbsent, type OcsfParts } from '../../ocsf/render.js'
import { ocsfUserRef } from '../employees/ocsf.js'
import type { Attack } from './schema.js'

export const campaignOcsf = entityManagement('Phishing simulation campaign')

export function attackOcsf(event: FeedEvent): OcsfParts {
  const attack = event.data.object as Attack
  const employee = attack.employee
  const who = employee.name ?? employee.username ?? employee.id
  const tricked = attack.tricked_at !== null
  const status = attack.reported_at !== null ? FINDING_STATUS.resolved : FINDING_STATUS.new
  const outcome = tricked
    ? `tricked${attack.reported_at !== null ? ', then reported it' : ''}`
    : attack.reported_at !== null
      ? 'reported it'
      : attack.sent_at !== null
        ? 'not tricked so far'
        : 'not sent yet'
  const last = attack.events.at(-1)
  return {
    class: DETECTION_FINDING,
    activity: findingActivity(event),
    severity: tricked ? SEVERITY.medium : SEVERITY.informational,
    message: `Phishing simulation "${attack.template.name}" to ${who}: ${outcome}`,
    attributes: {
      finding_info: compact({
        uid: attack.id,
        title: `Phishing simulation: ${attack.template.name}`,
        types: ['Phishing simulation'],
        created_time: millis(attack.created_at),
        first_seen_time: millisOrAbsent(attack.sent_at),
        last_seen_time: millisOrAbsent(last?.created_at),
      }),
      status_id: status[0],
      status: status[1],
      is_alert: tricked,
      evidences: [{ user: ocsfUserRef(employee), verdict_id: 6, verdict: 'Test' }],
    },
    unmapped: except(attack, ['id', 'employee']),
  }
}
