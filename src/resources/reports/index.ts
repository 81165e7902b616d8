// Reports for the people who decide (CONTRACT 18): the members rolled up by department, manager,
// group and country, and the members who need help. Nothing is imported as a report: an import
// derives them from what the other resources hold (import.ts).

import type { Resource } from '../resource.js'
import { REPORT_CLIENT_SAMPLES, REPORT_EXAMPLES } from './examples.js'
import { REPORT_EXPORTS } from './export.js'
import { REPORTS_IMPORT } from './import.js'
import { BreakdownCell, RepeatOffender, SimulationCoverage, TrainingCoverage } from './schema.js'
import { REPORTS_READ } from './scopes.js'
import { REPORT_SQL } from './sql.js'

export const reports = {
  name: 'reports',
  about: 'reports by department, manager, group and country, and who needs help',
  scopes: [REPORTS_READ],
  tag: {
    name: 'Reports',
    description:
      "The workspace's members (active employees) rolled up by department, manager, group and country, and the " +
      'members who need help: repeat offenders, who was never simulated, who misses training.',
  },
  schemas: [BreakdownCell, RepeatOffender, SimulationCoverage, TrainingCoverage],
  routes: async (app) => (await import('./routes.js')).reportRoutes(app),
  examples: REPORT_EXAMPLES,
  clientSamples: REPORT_CLIENT_SAMPLES,
  client: {
    namespace: 'reports',
    operations: {
      listReportBreakdown: {
        method: 'breakdown',
        page: 'breakdownPage',
        filters: 'BreakdownFilters',
        doc: [
          "@example for await (const cell of client.reports.breakdown({ workspaceId, by: 'manager' })) …",
        ],
      },
      listRepeatOffenders: {
        method: 'repeatOffenders',
        page: 'repeatOffendersPage',
        filters: 'RepeatOffenderFilters',
        doc: ['@example for await (const row of client.reports.repeatOffenders({ workspaceId })) …'],
      },
      listSimulationCoverage: {
        method: 'simulationCoverage',
        page: 'simulationCoveragePage',
        filters: 'SimulationCoverageFilters',
        doc: [
          '@example for await (const row of client.reports.simulationCoverage({ workspaceId, attacked: false })) …',
        ],
      },
      listTrainingCoverage: {
        method: 'trainingCoverage',
        page: 'trainingCoveragePage',
        filters: 'TrainingCoverageFilters',
        doc: [
          '@example for await (const row of client.reports.trainingCoverage({ workspaceId, missed: true })) …',
        ],
      },
    },
  },
  records: [],
  import: REPORTS_IMPORT,
  exports: REPORT_EXPORTS,
  sql: REPORT_SQL,
} satisfies Resource<never>
