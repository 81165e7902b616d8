// The OCSF event classes our events are rendered in, as the released schema names them (the
// version below). The tests check every name and number here against the vendored schema files
// (test/fixtures/ocsf/schema) and validate every rendering against the schemas generated from them.

export const OCSF_VERSION = '1.8.0'

export interface OcsfClass {
  /** The class file's `name` (events/<category>/<name>.json). */
  name: string
  uid: number
  caption: string
  category: { uid: number; caption: string }
  /** The activities we use, by id, with their captions. */
  activities: Readonly<Record<number, string>>
}

export const BASE_EVENT = {
  name: 'base_event',
  uid: 0,
  caption: 'Base Event',
  category: { uid: 0, caption: 'Uncategorized' },
  activities: { 99: 'Other' },
} as const satisfies OcsfClass

export const ACCOUNT_CHANGE = {
  name: 'account_change',
  uid: 3001,
  caption: 'Account Change',
  category: { uid: 3, caption: 'Identity & Access Management' },
  activities: { 1: 'Create', 2: 'Enable', 5: 'Disable', 6: 'Delete' },
} as const satisfies OcsfClass

export const ENTITY_MANAGEMENT = {
  name: 'entity_management',
  uid: 3004,
  caption: 'Entity Management',
  category: { uid: 3, caption: 'Identity & Access Management' },
  activities: { 1: 'Create', 3: 'Update', 4: 'Delete' },
} as const satisfies OcsfClass

export const USER_INVENTORY = {
  name: 'user_inventory',
  uid: 5003,
  caption: 'User Inventory Info',
  category: { uid: 5, caption: 'Discovery' },
  activities: { 1: 'Log' },
} as const satisfies OcsfClass

export const COMPLIANCE_FINDING = {
  name: 'compliance_finding',
  uid: 2003,
  caption: 'Compliance Finding',
  category: { uid: 2, caption: 'Findings' },
  activities: { 1: 'Create', 2: 'Update' },
} as const satisfies OcsfClass

export const DETECTION_FINDING = {
  name: 'detection_finding',
  uid: 2004,
  caption: 'Detection Finding',
  category: { uid: 2, caption: 'Findings' },
  activities: { 1: 'Create', 2: 'Update', 3: 'Close' },
} as const satisfies OcsfClass

export const OCSF_CLASSES: readonly OcsfClass[] = [
  BASE_EVENT,
  ACCOUNT_CHANGE,
  ENTITY_MANAGEMENT,
  USER_INVENTORY,
  COMPLIANCE_FINDING,
  DETECTION_FINDING,
]

/** `severity_id` and its caption (`severity`). */
export const SEVERITY = {
  informational: [1, 'Informational'],
  low: [2, 'Low'],
  medium: [3, 'Medium'],
  high: [4, 'High'],
} as const

/** A finding's `status_id` and its caption (`status`). */
export const FINDING_STATUS = {
  new: [1, 'New'],
  inProgress: [2, 'In Progress'],
  resolved: [4, 'Resolved'],
  deleted: [6, 'Deleted'],
} as const

/** An observable's `type_id` and its caption (`type`), as OCSF's dictionary types declare them. */
export const OBSERVABLE_TYPE = {
  emailAddress: [5, 'Email Address'],
} as const

export type Coded = readonly [number, string]
