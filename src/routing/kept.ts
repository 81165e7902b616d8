// What a read derives from a workspace's stored data and may keep in the process between requests:
// valid while the organization's data generation stays the same (every import, pseudonym rotation
// and derivation that changes what is stored advances it), so a value kept is never read at another
// generation. One store per route of one app: a process serving two databases keeps them apart.

/** The values a request may reuse: those of its workspace at the generation it reads at. */
export interface KeptValues {
  /** The organization's data generation this request reads at (its ETag's). */
  readonly generation: string
  /**
   * The value kept under `key`, made by `make` when there is none yet (never kept when it throws).
   * `bytes`: about how much memory the value holds, for one that may be large.
   */
  get<T>(key: string, make: () => Promise<T>, bytes?: (value: T) => number): Promise<T>
}

/** Entries kept at most; the store is emptied when full (imports make old generations unreachable). */
const MAX_KEPT = 64
/** Memory the values that say theirs may hold together; one larger is used once and not kept. */
export const MAX_KEPT_BYTES = 32 * 1024 * 1024

/** A store of values by workspace, generation and key. */
export function keptValues(): (workspaceId: string, generation: string) => KeptValues {
  const store = new Map<string, unknown>()
  let held = 0
  return (workspaceId, generation) => ({
    generation,
    async get<T>(key: string, make: () => Promise<T>, bytes?: (value: T) => number): Promise<T> {
      const at = `${workspaceId}\u0000${generation}\u0000${key}`
      if (store.has(at)) return store.get(at) as T
      const value = await make()
      const size = bytes?.(value) ?? 0
      if (size > MAX_KEPT_BYTES) return value
      if (store.size >= MAX_KEPT || held + size > MAX_KEPT_BYTES) {
        store.clear()
        held = 0
      }
      store.set(at, value)
      held += size
      return value
    },
  })
}
