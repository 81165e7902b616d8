// Who the client is (CONTRACT 10): the socket's address, or what trusted proxies say in
// X-Forwarded-For, and how the request reached the first of them (X-Forwarded-Proto). What a
// client sends is checked before use: a hop that is no IP address ends the walk, and an address
// is only ever used in its canonical form, so no header text reaches a counter, a row or a log.

import ipaddr from 'ipaddr.js'
import type { Config } from '../config/config.js'
import { parseAddress } from '../keys/allow-list.js'

/** Whether the proxy at `address`, `hop` steps from the socket (0: the socket's peer), is believed. */
export type ProxyTrust = (address: string, hop: number) => boolean

/** The trust TRUST_PROXY sets: none, every proxy, the first N hops, or proxies in given ranges. */
export function proxyTrust(setting: Config['trustProxy']): ProxyTrust | null {
  if (setting === false || setting === 0) return null
  if (setting === true) return () => true
  if (typeof setting === 'number') return (_address, hop) => hop < setting
  const ranges = setting.map((range) => (range.includes('/') ? ipaddr.parseCIDR(range) : null))
  const exact = new Set(setting.filter((range) => !range.includes('/')).map((a) => canonicalAddress(a)))
  return (address) => {
    if (exact.has(address)) return true
    const parsed = ipaddr.parse(address)
    return ranges.some((range) => range !== null && parsed.kind() === range[0].kind() && parsed.match(range))
  }
}

/** Forwarded hops looked at, nearest first: a longer chain is cut there. */
const MAX_HOPS = 20

/**
 * An address in its one canonical text (`192.0.2.1`, `2001:db8::1`; an IPv4-mapped IPv6 address as
 * its IPv4; no zone), or null when `text` is no IP address. Never longer than 39 characters.
 */
export function canonicalAddress(text: string | undefined): string | null {
  if (text === undefined || text.length > 64) return null
  const address = parseAddress(text.includes('%') ? text.slice(0, text.indexOf('%')) : text)
  if (address === null || address.kind() === 'ipv4') return address?.toString() ?? null
  const v6 = address as ipaddr.IPv6
  return v6.isIPv4MappedAddress() ? v6.toIPv4Address().toString() : v6.toRFC5952String()
}

/**
 * The client: from the socket's peer, each trusted proxy's word for the hop before it, until a
 * proxy not trusted, a hop that is no IP address, or the end of the chain.
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trust: ProxyTrust | null,
): string | undefined {
  let client = canonicalAddress(socketAddress)
  if (client === null) return undefined
  if (trust === null || forwardedFor === undefined) return client
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor
  const hops = header.split(',')
  for (let hop = 0; hop < MAX_HOPS && hop < hops.length; hop++) {
    if (!trust(client, hop)) break
    const named = canonicalAddress(hops[hops.length - 1 - hop]?.trim())
    if (named === null) break
    client = named
  }
  return client
}

/**
 * How the client reached the nearest proxy, when that proxy is trusted and says `http` or `https`;
 * otherwise how it reached this server.
 */
export function clientProtocol(
  socketAddress: string | undefined,
  forwardedProto: string | string[] | undefined,
  encrypted: boolean,
  trust: ProxyTrust | null,
): 'http' | 'https' {
  const own = encrypted ? 'https' : 'http'
  if (trust === null || typeof forwardedProto !== 'string') return own
  const peer = canonicalAddress(socketAddress)
  if (peer === null || !trust(peer, 0)) return own
  // A proxy chain lists one protocol per hop: the client's is the first.
  const first = forwardedProto.split(',')[0]?.trim().toLowerCase()
  return first === 'http' || first === 'https' ? first : own
}

/**
 * The bucket of an address's failed authentications: an IPv6 client has a whole /64 to itself, so
 * it is counted by that; an IPv4 client by its address.
 */
export function failureBucket(address: string | undefined): string | undefined {
  if (address === undefined || !address.includes(':')) return address
  const parts = ipaddr.IPv6.parse(address).parts
  return `${new ipaddr.IPv6([...parts.slice(0, 4), 0, 0, 0, 0]).toRFC5952String()}/64`
}

const HOST_NAME =
  /^(?=[^:]{1,253}(?::|$))[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?(?::(\d{1,5}))?$/
const IPV6_HOST = /^\[([0-9A-Fa-f:.]{2,45})\](?::(\d{1,5}))?$/

/** Whether a Host header names a valid host (a name, an IPv4 or a bracketed IPv6) and port. */
export function validHost(host: string | undefined): host is string {
  if (host === undefined) return false
  const named = HOST_NAME.exec(host)
  if (named) return named[1] === undefined || Number(named[1]) <= 65535
  const literal = IPV6_HOST.exec(host)
  return (
    literal !== null &&
    ipaddr.IPv6.isValid(literal[1] as string) &&
    (literal[2] === undefined || Number(literal[2]) <= 65535)
  )
}
