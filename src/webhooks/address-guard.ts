// SSRF safety (CONTRACT 14): a webhook URL whose host resolves to a loopback, private, link-local,
// metadata or otherwise non-public address (anything outside global unicast) is refused, at creation
// and at delivery. At delivery the
// check runs inside the connection's own DNS lookup, so the address checked is the address
// connected to: a DNS answer that changes between the check and the connection cannot slip through.

import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { isIP, type LookupFunction } from 'node:net'
import ipaddr from 'ipaddr.js'

const ipv4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 255, low >> 8, low & 255])

/**
 * The IPv4 addresses an IPv6 address stands for: IPv4-mapped and -translated (::ffff:a.b.c.d,
 * ::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::/96, 64:ff9b:1::/48), 6to4
 * (2002:aabb:ccdd::/48) and Teredo (its server and its client); none for any other.
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4[] {
  const p = address.parts as number[]
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0] = p
  if (a === 0 && b === 0 && c === 0 && d === 0 && (f === 0xffff || (e === 0xffff && f === 0)) && e + f > 0)
    return [ipv4(g, h)]
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0 && (g !== 0 || h > 1))
    return [ipv4(g, h)]
  if (a === 0x64 && b === 0xff9b && (c === 0 || c === 1)) return [ipv4(g, h)]
  if (a === 0x2002) return [ipv4(b, c)]
  if (a === 0x2001 && b === 0) return [ipv4(c, d), ipv4(g ^ 0xffff, h ^ 0xffff)]
  return []
}

/**
 * True when an address is not a global unicast one (ipaddr.js's ranges: loopback, private, link-local,
 * metadata, carrier-grade NAT, reserved, documentation, discard, multicast, …). An IPv6 address that
 * embeds IPv4 addresses is judged by them.
 */
export function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 0) return true
  const parsed = ipaddr.parse(address)
  if (parsed.kind() === 'ipv4') return parsed.range() !== 'unicast'
  const embedded = embeddedIPv4(parsed as ipaddr.IPv6)
  if (embedded.length > 0) return embedded.some((v4) => v4.range() !== 'unicast')
  return parsed.range() !== 'unicast'
}

export class UnsafeUrl extends Error {}

const refusal = (host: string, address: string) =>
  new UnsafeUrl(
    `${host === address ? `${host} is` : `${host} resolves to ${address},`} a loopback, private, link-local or metadata address (allowed only with WEBHOOK_ALLOW_PRIVATE_NETWORKS=1)`,
  )

/** A URL's host without the brackets of an IPv6 literal. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '')

/**
 * Checks what a URL says by itself: https (or http with the setting), no credentials, and a host
 * that, if an address literal (connected to without a lookup), is a public one.
 */
export function checkUrlForm(url: string, allowPrivate: boolean): URL {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new UnsafeUrl(`not a URL: ${url}`)
  }
  if (parsed.protocol !== 'https:' && !(allowPrivate && parsed.protocol === 'http:'))
    throw new UnsafeUrl(
      allowPrivate
        ? 'the URL must be http:// or https://'
        : 'the URL must be https:// (http:// needs WEBHOOK_ALLOW_PRIVATE_NETWORKS=1)',
    )
  if (parsed.username !== '' || parsed.password !== '')
    throw new UnsafeUrl('the URL must not hold credentials')
  // The URL parser refuses ports past 65535; 0 names no port a request can reach.
  if (parsed.port === '0') throw new UnsafeUrl("the URL's port must be between 1 and 65535")
  const host = hostOf(parsed)
  if (!allowPrivate && isIP(host) !== 0 && isPrivateAddress(host)) throw refusal(host, host)
  return parsed
}

/** Resolves a URL's host and refuses it when any of its addresses is not public. */
export async function checkUrl(
  url: string,
  allowPrivate: boolean,
  /** The DNS lookup (tests give their own). */
  lookup: typeof dnsLookup = dnsLookup,
): Promise<void> {
  const host = hostOf(checkUrlForm(url, allowPrivate))
  if (allowPrivate || isIP(host) !== 0) return
  const addresses = await new Promise<string[]>((resolve, reject) =>
    lookup(host, { all: true }, (error, found) =>
      error
        ? reject(new UnsafeUrl(`${host} does not resolve: ${error.code ?? error.message}`))
        : resolve(found.map((a) => a.address)),
    ),
  )
  const bad = addresses.find(isPrivateAddress)
  if (bad !== undefined) throw refusal(host, bad)
}

/**
 * A lookup for http.request that refuses non-public addresses: the connection then goes only to an
 * address that passed the check. `resolve` is the DNS lookup underneath (tests give their own).
 */
export function guardedLookup(resolve: typeof dnsLookup = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, '', 0)
      const list = found as unknown as LookupAddress[]
      const bad = list.find((a) => isPrivateAddress(a.address))
      if (bad !== undefined) return callback(refusal(hostname, bad.address) as NodeJS.ErrnoException, '', 0)
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list)
      const first = list[0] as LookupAddress
      callback(null, first.address, first.family)
    })
  }
}
