// What a resource adds to the demo dataset (`awareness demo-data`, `serve --demo-when-empty`): its
// records, once for the organization and once per workspace, from a shared seeded generator.
// src/demo/generate.ts loops over these declarations in the resources' order, so a resource sees
// what the ones before it generated (`state`).

import type { Faker } from '@faker-js/faker'
import { timestampFromMillis } from '../domain/time.js'

export type DemoRecord = Record<string, unknown>

export const DAY = 86_400_000

/** mulberry32: a small, fast, seedable generator; faker is used only for vocabulary. */
export function random(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T
  const chance = (p: number) => next() < p
  const hex = (n: number) => {
    let s = ''
    for (let i = 0; i < n; i++) s += '0123456789abcdef'[Math.floor(next() * 16)]
    return s
  }
  const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[int(0, 3)]}${hex(3)}-${hex(12)}`
  // Microsecond timestamps: the last three digits are not zero, so exactness is visible.
  const micros = () => String(int(0, 999)).padStart(3, '0')
  const at = (ms: number) => `${timestampFromMillis(Math.floor(ms)).slice(0, 23)}${micros()}Z`
  return { next, int, pick, chance, uuid, at }
}

export type Random = ReturnType<typeof random>

/** A number from 0 to 99 fixed by `text` (FNV-1a): a choice that never draws from the generator. */
export function bucketOf(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return (h >>> 0) % 100
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/** The organization being generated. */
export interface DemoOrganization {
  r: Random
  faker: Faker
  /** The dataset's "present", in ms. */
  now: number
  /**
   * How many months before the present this is the dataset of (0: the present): karma and
   * completion lower the further back. Never changes what the generator draws, only what it keeps.
   */
  monthsBack: number
  id: string
  /** When it was created, in ms. */
  created: number
  /** Its mail domain: `acme.example`. */
  domain: string
  /** What resources generated, for those after them: each keeps its own key. */
  state: Map<string, unknown>
}

/** One workspace being generated. */
export interface DemoWorkspace extends DemoOrganization {
  workspace: {
    id: string
    /** Its position, from 0. */
    index: number
    created: number
    /** How many units of the dataset's size (its employees) it holds. */
    size: number
  }
  /** Reports `units` more of the workspace's size generated (the progress line). */
  advance(units: number): void
}

export interface ResourceDemo {
  /**
   * Its records are in each of the demo's earlier monthly imports (CONTRACT 17), not only the
   * present's: what the kept statistics, karma and groups read.
   */
  monthly?: true
  /** Its records of the organization, once, before any workspace's. */
  organization?(o: DemoOrganization): Iterable<DemoRecord>
  /** Its records of one workspace, after those of the resources before it. */
  workspace?(w: DemoWorkspace): Iterable<DemoRecord>
}
