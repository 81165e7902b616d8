// SSRF safety (CONTRACT 14): a webhook URL whose host resolves to a loopback, private, link-local,
// metadata or otherwise non-public address is refused, at creation and at delivery. At delivery the
// check runs inside the connection's own DNS lookup, so the address checked is the address
// connected to: a DNS answer that changes between the check and the connection cannot slip through.

import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { BlockList, isIP, type LookupFunction } from 'node:net'

const BLOCKED = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  BLOCKED.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local, AWS metadata fd00:ec2::254
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64 of any IPv4
] as const)
  BLOCKED.addSubnet(network, prefix, 'ipv6')

/** True when an address is not a public unicast one. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 4) return BLOCKED.check(address, 'ipv4')
  if (family !== 6) return true
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return BLOCKED.check(mapped[1] as string, 'ipv4')
  return BLOCKED.check(address, 'ipv6')
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
