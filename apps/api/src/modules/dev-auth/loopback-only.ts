import net from 'node:net';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';

/** 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (net.isIPv4(v4)) return v4.startsWith('127.');
  return address === '::1';
}

/**
 * onRequest hook of the development identity provider's routes: only a client on this machine may
 * use them. `request.ip` is the socket's address unless TRUST_PROXY names the proxy in front, in
 * which case it is the client the proxy saw: a remote client behind a local proxy is still remote.
 */
export async function loopbackOnly(request: FastifyRequest): Promise<void> {
  if (!isLoopbackAddress(request.ip)) throw new AppError('DEV_AUTH_LOCAL_ONLY');
}
