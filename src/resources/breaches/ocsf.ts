// breach.* and compromised_employee.* in OCSF (docs/ocsf.md): both are Detection Findings, the
// breach about the workspace (its severity the breach's criticality), a compromised employee about
// that employee's exposed accounts.

import { DETECTION_FINDING, FINDING_STATUS, SEVERITY } from '../../ocsf/classes.js'
import { findingActivity } from '../../ocsf/finding.js'
import { changeOf, except, type FeedEvent, millis, type OcsfParts } from '../../ocsf/render.js'
import { ocsfUserRef } from '../employees/ocsf.js'
import type { Breach, CompromisedEmployee } from './schema.js'
import type { Criticality } from './values.js'

const SEVERITY_OF: Record<Criticality, (typeof SEVERITY)[keyof typeof SEVERITY]> = {
  low: SEVERITY.low,
  medium: SEVERITY.medium,
  high: SEVERITY.high,
}

export function breachOcsf(event: FeedEvent): OcsfParts {
  const breach = event.data.object as Breach
  const deleted = changeOf(event) === 'deleted'
  const status = deleted
    ? FINDING_STATUS.deleted
    : breach.status === 'resolved'
      ? FINDING_STATUS.resolved
      : FINDING_STATUS.new
  return {
    class: DETECTION_FINDING,
    activity: findingActivity(event),
    severity: SEVERITY_OF[breach.criticality],
    message: `Data breach at ${breach.name} (${breach.domain}) ${changeOf(event)}: ${breach.impacted} employees impacted`,
    attributes: {
      finding_info: {
        uid: breach.id,
        title: `Data breach at ${breach.name}`,
        types: ['Data breach'],
        last_seen_time: millis(breach.last_breached_at),
        created_time: millis(breach.created_at),
        modified_time: millis(breach.updated_at),
      },
      status_id: status[0],
      status: status[1],
      is_alert: !deleted && breach.status === 'active',
    },
    unmapped: except(breach, ['id']),
  }
}

type CompromisedChange = CompromisedEmployee & { breach: { id: string } }

export function compromisedEmployeeOcsf(event: FeedEvent): OcsfParts {
  const item = event.data.object as CompromisedChange
  const employee = item.employee
  const who = employee.name ?? employee.username ?? employee.id
  const status =
    changeOf(event) === 'deleted'
      ? FINDING_STATUS.deleted
      : item.acknowledged_at !== null
        ? FINDING_STATUS.resolved
        : item.warned_at !== null
          ? FINDING_STATUS.inProgress
          : FINDING_STATUS.new
  return {
    class: DETECTION_FINDING,
    activity: findingActivity(event),
    severity: SEVERITY.medium,
    message: `${who} compromised in a data breach: ${item.breached_accounts.length} account${item.breached_accounts.length === 1 ? '' : 's'} exposed`,
    attributes: {
      finding_info: {
        uid: `${item.breach.id}:${employee.id}`,
        title: `Accounts of ${who} exposed in a data breach`,
        types: ['Compromised credentials'],
        first_seen_time: millis(item.compromised_at),
      },
      status_id: status[0],
      status: status[1],
      is_alert: status === FINDING_STATUS.new,
      evidences: [{ user: ocsfUserRef(employee) }],
    },
    unmapped: except(item, ['employee']),
  }
}
