// Examples shown in the OpenAPI document (validated against the schemas by Spectral and by tests).

const employee = {
  id: '8f0a3c5e-2b1d-4e6f-9a7b-1c2d3e4f5a6b',
  name: 'Ada Lovelace',
  username: 'ada.lovelace',
  primary_email_address: 'ada@example.com',
  email_addresses: [
    { address: 'ada@example.com', is_primary: true, source: 'okta' },
    { address: 'countess@example.com', is_primary: false, source: 'custom' },
  ],
  country_code: 'GB',
  department: { name: 'Engineering' },
  job_title: 'Analyst',
  language: 'english',
  timezone: 'Europe/London',
  status: 'active',
  karma: { score: 640, security_level: 'great' },
  manager: {
    id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
    name: 'Charles Babbage',
    primary_email_address: 'charles@example.com',
    username: 'charles.babbage',
  },
  workspace: { id: '7cf3c256-32b9-4240-ad3f-b64afebede10' },
  created_at: '2024-01-13T10:00:00.123456Z',
  updated_at: '2024-06-02T08:30:00.000001Z',
}

const reference = {
  id: employee.id,
  name: employee.name,
  primary_email_address: employee.primary_email_address,
  username: employee.username,
}

const course = {
  id: 'fa870638-0858-4324-94a9-162c8370259f',
  name: 'Spotting phishing emails',
  slug: 'spotting-phishing-emails',
  description: 'How to recognise a phishing email and what to do with it.',
  duration: 12,
  theme: 'social_engineering',
  settings: [
    { delivery: 'first_month', year: 1 },
    { delivery: 'yearly', year: 2 },
  ],
  created_at: '2023-09-14T20:50:54.483611Z',
  updated_at: '2023-09-14T20:50:54.483611Z',
}

export const EXAMPLES: Record<string, unknown> = {
  listEmployees: { data: [employee] },
  getEmployee: { data: employee },
  listCourses: { data: [course] },
  listEmployeesProgress: {
    data: [
      {
        employee: reference,
        courses_progress: [
          {
            course: { id: course.id, name: course.name, slug: course.slug, description: course.description },
            status: 'completed',
            years: [
              {
                year: 1,
                status: 'completed',
                due_at: '2024-02-13T10:00:00.000000Z',
                completed_at: '2024-02-01T09:12:44.120000Z',
              },
              { year: 2, status: 'upcoming', due_at: '2025-02-13T10:00:00.000000Z', completed_at: null },
            ],
          },
          {
            course: {
              id: '56a2aca7-16e7-4ef9-8a99-e5e073087c4c',
              name: 'Multi-factor authentication',
              slug: 'multi-factor-authentication',
              description: 'Why a second factor matters.',
            },
            status: null,
            years: [],
          },
        ],
      },
    ],
  },
  getProgramStatistics: {
    data: {
      active_employees: 967,
      covered_employees: 965,
      average_courses_completed: 4,
      positive_feedbacks: 219,
      neutral_feedbacks: 43,
      negative_feedbacks: 41,
    },
  },
  listBreaches: {
    data: [
      {
        id: '2b0e6d7c-8f9a-4b1c-9d2e-3f4a5b6c7d8e',
        name: 'ExampleCorp',
        domain: 'examplecorp.com',
        status: 'active',
        criticality: 'high',
        impacted: 27,
        warned: 13,
        acknowledged: 11,
        last_breached_at: '2026-09-01T00:00:00.000310Z',
        created_at: '2026-09-03T12:00:00.000000Z',
        updated_at: '2026-09-10T12:00:00.000000Z',
      },
    ],
  },
  listCompromisedEmployees: {
    data: [
      {
        employee: reference,
        compromised_at: '2026-09-01T00:00:00.000310Z',
        warned_at: '2026-10-02T00:00:00.000659Z',
        acknowledged_at: null,
        breached_accounts: [{ email: 'ada@example.com', compromised_at: '2026-09-01T00:00:00.000461Z' }],
      },
    ],
  },
  getOrganization: {
    data: {
      id: 'a08ff49b-6f77-4263-8716-c43069c43a8c',
      created_at: '2022-11-23T00:00:00.000192Z',
      updated_at: '2026-10-23T00:00:00.000720Z',
      workspaces: [
        {
          id: '7cf3c256-32b9-4240-ad3f-b64afebede10',
          name: 'Headquarters',
          created_at: '2022-11-23T20:50:54.483294Z',
          updated_at: '2023-08-15T20:50:54.483510Z',
        },
      ],
    },
  },
}

export function errorExample(
  status: number,
  code: string,
  title: string,
  detail: string,
  source: object = {},
) {
  return {
    errors: [{ status: String(status), code, title, detail, source }],
    meta: { request_id: '9f1c2b7e-5d0e-4f7b-9d53-1a2b3c4d5e6f' },
  }
}
