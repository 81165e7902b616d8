// The allowed values of the alerts' and impersonations' enumerated fields (CONTRACT 16).

export const ALERT_ACTIONS = ['reported', 'marked_safe'] as const
export const VERDICTS = ['fraudulent', 'pending_review', 'safe'] as const
