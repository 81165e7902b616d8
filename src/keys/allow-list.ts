// The addresses a key may be used from (`keys create --allow-from`): IPv4 and IPv6 ranges in CIDR
// notation, parsed and matched with ipaddr.js. An IPv4-mapped IPv6 address (::ffff:192.0.2.1, what
// a dual-stack socket reports for an IPv4 client) counts as its IPv4 address, in a list and in a
// request alike.

import ipaddr from 'ipaddr.js'

type Address = ipaddr.IPv4 | ipaddr.IPv6
type Range = readonly [Address, number]

const PREFIX = /^\d{1,3}$/

/** The address of `text`, strict: four decimal parts for IPv4, a valid IPv6 otherwise. */
export function parseAddress(text: string): Address | null {
  if (text.includes(':')) return ipaddr.IPv6.isValid(text) ? ipaddr.IPv6.parse(text) : null
  return ipaddr.IPv4.isValidFourPartDecimal(text) ? ipaddr.IPv4.parse(text) : null
}

/** An IPv4-mapped IPv6 range as the IPv4 range it covers; other ranges as they are. */
function unmapped([address, bits]: Range): Range | null {
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    // A prefix shorter than the mapping's own reaches beyond the IPv4 space: not a range of it.
    if (bits < 96) return null
    return [(address as ipaddr.IPv6).toIPv4Address(), bits - 96]
  }
  return [address, bits]
}

/**
 * The canonical text of a range (`192.0.2.0/24`, `2001:db8::/32`): a bare address is a range of one,
 * host bits are cleared, a mapped IPv6 range becomes IPv4. Null when `text` is no range.
 */
export function canonicalRange(text: string): string | null {
  const [addressText, bitsText, ...rest] = text.trim().split('/')
  if (addressText === undefined || rest.length > 0) return null
  const address = parseAddress(addressText)
  if (address === null) return null
  const width = address.kind() === 'ipv4' ? 32 : 128
  if (bitsText !== undefined && !PREFIX.test(bitsText)) return null
  const bits = bitsText === undefined ? width : Number(bitsText)
  if (bits > width) return null
  const range = unmapped([address, bits])
  if (range === null) return null
  const [base, prefix] = range
  const network =
    base.kind() === 'ipv4'
      ? ipaddr.IPv4.networkAddressFromCIDR(`${base.toString()}/${prefix}`)
      : ipaddr.IPv6.networkAddressFromCIDR(`${base.toString()}/${prefix}`)
  return `${network.toString()}/${prefix}`
}

/** Whether a client address is in any of the ranges (canonical texts); false for no address. */
export type AddressCheck = (address: string | undefined) => boolean

/** The check of a key's stored allow-list. */
export function addressCheck(ranges: readonly string[]): AddressCheck {
  const parsed = ranges.map((range) => ipaddr.parseCIDR(range))
  return (address) => {
    if (address === undefined || !ipaddr.isValid(address)) return false
    const client = ipaddr.process(address)
    return parsed.some(([base, bits]) => base.kind() === client.kind() && client.match(base, bits))
  }
}
