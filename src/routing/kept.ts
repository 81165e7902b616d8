// What a read derives from a workspace's stored data and may keep in the process between requests:
// valid while the organization's data generation stays the same (every import, pseudonym rotation
// and derivation that changes what is stored advances it), so a value kept is never read at another
// generation. One store per route of one app: a process serving two databases keeps them apart.

/** The values a request may reuse: those of its workspace at the generation it reads at. */
export interface KeptValues {
  /** The organization's data generation this request reads at (its ETag's). */
  readonly generation: string
  /** The value kept under `key`, made by `make` when there is none yet (never kept when it throws). */
  get<T>(key: string, make: () => Promise<T>): Promise<T>
}

/** Entries kept at most; the store is emptied when full (imports make old generations unreachable). */
const MAX_KEPT = 64

/** A store of values by workspace, generation and key. */
export function keptValues(): (workspaceId: string, generation: string) => KeptValues {
  const store = new Map<string, unknown>()
  return (workspaceId, generation) => ({
    generation,
    async get<T>(key: string, make: () => Promise<T>): Promise<T> {
      const at = `${workspaceId}\u0000${generation}\u0000${key}`
      if (store.has(at)) return store.get(at) as T
      const value = await make()
      if (store.size >= MAX_KEPT) store.clear()
      store.set(at, value)
      return value
    },
  })
}
