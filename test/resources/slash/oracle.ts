// What the slash endpoints must answer, computed from the imported records (CONTRACT 16).

import type { Rec } from '../../helpers/records.js'
import { inWindow, perEmployee, type Window } from '../inbox/oracle.js'

const rowsOf = (all: readonly Rec[], type: string, workspaceId: string, w: Window) =>
  all.filter((r) => r.type === type && r.workspace_id === workspaceId && inWindow(r.created_at as string, w))

export function alertStatistics(all: readonly Rec[], workspaceId: string, w: Window = {}) {
  return perEmployee(all, rowsOf(all, 'email_alert', workspaceId, w), 'emails_alerts_stats', (mine) => ({
    received_alerts_count: mine.length,
    reported_alerts_count: mine.filter((a) => a.action === 'reported').length,
    marked_safe_alerts_count: mine.filter((a) => a.action === 'marked_safe').length,
  }))
}

export function impersonationStatistics(all: readonly Rec[], workspaceId: string, w: Window = {}) {
  return perEmployee(all, rowsOf(all, 'impersonation', workspaceId, w), 'impersonation_stats', (mine) => ({
    attacks_impersonating_employee: mine.length,
    impersonation_attacks_confirmed: mine.filter((i) => i.verdict === 'fraudulent').length,
    impersonation_attacks_pending_review: mine.filter((i) => i.verdict === 'pending_review').length,
    impersonation_attacks_denied: mine.filter((i) => i.verdict === 'safe').length,
  }))
}
