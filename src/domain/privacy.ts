// What a key (or a webhook endpoint) may see of a person (CONTRACT 19).

/** identified: everything (sections 1–18); pseudonymous: pseudonyms, no personal fields; aggregate: groups alone. */
export const PRIVACIES = ['identified', 'pseudonymous', 'aggregate'] as const
export type Privacy = (typeof PRIVACIES)[number]

/** A webhook endpoint's deliveries are about individuals: aggregate is not offered there. */
export const ENDPOINT_PRIVACIES = ['identified', 'pseudonymous'] as const satisfies readonly Privacy[]
export type EndpointPrivacy = (typeof ENDPOINT_PRIVACIES)[number]

/** An aggregate key's smallest population shown, unless its key says otherwise; and the bounds. */
export const MIN_GROUP_SIZE = { default: 10, min: 2, max: 1000 } as const
