// Rates of the contract: percentages from exact counts, rounded half up (CONTRACT 15, 16), never
// through binary floating point halves.

/**
 * part / whole in percent, rounded half up to `decimals` (0 or 1) decimal places; 0 when whole is 0.
 * @example percent(1, 8, 1) // 12.5
 * @example percent(1, 6, 1) // 16.7
 */
export function percent(part: number, whole: number, decimals: 0 | 1 = 0): number {
  if (whole === 0) return 0
  const scale = decimals === 0 ? 1 : 10
  // floor((part * 100 * scale) / whole + 1/2), in integers.
  return Math.floor((200 * scale * part + whole) / (2 * whole)) / scale
}

/**
 * The mean of `count` integers summing to `sum`, rounded half up to an integer; null when count is 0.
 * @example meanHalfUp(5, 2) // 3
 */
export function meanHalfUp(sum: number, count: number): number | null {
  if (count === 0) return null
  // floor(sum / count + 1/2), in integers.
  return Math.floor((2 * sum + count) / (2 * count))
}
