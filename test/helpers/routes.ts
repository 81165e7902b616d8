import type { ApiDataset } from './dataset.js'

export interface RouteCase {
  name: string
  /** A URL that answers 200 with a full-scope key of organization A. */
  url: string
  scope: 'workspace:read' | 'awareness:read' | 'breaches:read'
  /** Paged: x-item-limit and x-next-cursor apply, with this maximum. */
  max?: number
  /** Takes workspace_id: builds the URL for another workspace. */
  inWorkspace?: (workspaceId: string) => string
}

/** Every operation of the API, with a URL that works on the dataset. */
export function routeCases(d: ApiDataset): RouteCase[] {
  const employeeId = d.employeesA1[1]?.id as string
  const breachId = d.sharedBreachId
  return [
    {
      name: 'employees',
      url: `/v1/employees?workspace_id=${d.a1}`,
      scope: 'workspace:read',
      max: 100,
      inWorkspace: (w) => `/v1/employees?workspace_id=${w}`,
    },
    { name: 'employee', url: `/v1/employees/${employeeId}`, scope: 'workspace:read' },
    {
      name: 'courses',
      url: `/v1/courses?workspace_id=${d.a1}`,
      scope: 'awareness:read',
      max: 100,
      inWorkspace: (w) => `/v1/courses?workspace_id=${w}`,
    },
    {
      name: 'employees_progress',
      url: `/v1/courses/employees_progress?workspace_id=${d.a1}`,
      scope: 'awareness:read',
      max: 500,
      inWorkspace: (w) => `/v1/courses/employees_progress?workspace_id=${w}`,
    },
    {
      name: 'statistics',
      url: `/v1/courses/statistics?workspace_id=${d.a1}`,
      scope: 'awareness:read',
      inWorkspace: (w) => `/v1/courses/statistics?workspace_id=${w}`,
    },
    {
      name: 'breaches',
      url: `/v1/breaches?workspace_id=${d.a1}`,
      scope: 'breaches:read',
      max: 100,
      inWorkspace: (w) => `/v1/breaches?workspace_id=${w}`,
    },
    {
      name: 'compromised',
      url: `/v1/breaches/${breachId}/compromised-employees?workspace_id=${d.a1}`,
      scope: 'breaches:read',
      max: 100,
      inWorkspace: (w) => `/v1/breaches/${breachId}/compromised-employees?workspace_id=${w}`,
    },
    { name: 'organization', url: '/v1/organization', scope: 'workspace:read' },
  ]
}

/** The body without what differs between two requests (the request id). */
export function withoutRequestId(json: any): unknown {
  return { ...json, meta: { ...json.meta, request_id: '*' } }
}
