// Generated from the resources' events (src/resources/*/index.ts: events) by `npm run openapi`; do
// not edit. Every event type (CONTRACT 14), in the resources' order.

export const EVENT_TYPES: readonly string[] = [
  'employee.created',
  'employee.updated',
  'employee.deleted',
  'course.created',
  'course.updated',
  'course.deleted',
  'course_progress.updated',
  'breach.created',
  'breach.updated',
  'breach.deleted',
  'compromised_employee.created',
  'compromised_employee.updated',
  'compromised_employee.deleted',
  'group.created',
  'group.updated',
  'group.deleted',
  'campaign.created',
  'campaign.updated',
  'campaign.deleted',
  'attack.created',
  'attack.updated',
  'inbox_ticket.created',
  'inbox_ticket.updated',
  'inbox_ticket.deleted',
]
