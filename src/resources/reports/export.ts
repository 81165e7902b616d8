// What `awareness export` writes of the reports: each list, one CSV row per item, its parameters
// passed on from options of their own (`--by`, `--created-after`, …).

import { DRILL_DOWN_EXPORT_FILTERS } from '../drill-down.js'
import type { ExportFilter, ResourceExport } from '../export.js'
import { rowPerItem } from '../export.js'
import { BreakdownCell, RepeatOffender, SimulationCoverage, TrainingCoverage } from './schema.js'
import { DIMENSIONS } from './values.js'

const WINDOW: readonly ExportFilter[] = [
  {
    parameter: 'created_after',
    value: '<time>',
    description: 'only attacks created (and email reports made) at or after this time or date',
  },
  {
    parameter: 'created_before',
    value: '<time>',
    description: 'only attacks created (and email reports made) at or before this time or date',
  },
]

export const REPORT_EXPORTS: readonly ResourceExport[] = [
  rowPerItem(
    {
      name: 'breakdown',
      nouns: ['cell', 'cells'],
      path: '/v1/reports/breakdown',
      pageSize: 100,
      filters: [
        {
          parameter: 'by',
          value: '<dimension>',
          description: `what the members are grouped by: ${DIMENSIONS.join(', ')} (required)`,
          required: true,
        },
        ...WINDOW,
        ...DRILL_DOWN_EXPORT_FILTERS,
      ],
      note: 'the report by `--by` department, manager, group or country, one row per cell; `--created-after`, `--created-before`; the drill-down filters (the cells of the members kept)',
    },
    BreakdownCell,
  ),
  rowPerItem(
    {
      name: 'repeat_offenders',
      nouns: ['repeat offender', 'repeat offenders'],
      path: '/v1/reports/repeat_offenders',
      pageSize: 100,
      note: '`--min-tricked N`, `--created-after`, `--created-before`; the drill-down filters as for employees',
      filters: [
        {
          parameter: 'min_tricked',
          value: '<n>',
          description: 'members tricked in at least n attacks (1 to 100, default 2)',
        },
        ...WINDOW,
        ...DRILL_DOWN_EXPORT_FILTERS,
      ],
    },
    RepeatOffender,
  ),
  rowPerItem(
    {
      name: 'simulation_coverage',
      nouns: ['member', 'members'],
      path: '/v1/reports/simulation_coverage',
      pageSize: 100,
      note: '`--attacked false`: the members never simulated in the window; `--created-after`, `--created-before`; the drill-down filters',
      filters: [
        {
          parameter: 'attacked',
          value: '<true|false>',
          description: 'false: the members never simulated in the window; true: the others',
        },
        ...WINDOW,
        ...DRILL_DOWN_EXPORT_FILTERS,
      ],
    },
    SimulationCoverage,
  ),
  rowPerItem(
    {
      name: 'training_coverage',
      nouns: ['member', 'members'],
      path: '/v1/reports/training_coverage',
      pageSize: 100,
      note: '`--missed true`: the members with a missed course; the drill-down filters',
      filters: [
        {
          parameter: 'missed',
          value: '<true|false>',
          description: 'true: the members with a missed course; false: the others',
        },
        ...DRILL_DOWN_EXPORT_FILTERS,
      ],
    },
    TrainingCoverage,
  ),
]
