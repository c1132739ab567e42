import { BlockList, isIP } from 'node:net';
import { z } from 'zod';

/**
 * Where the smart customer service (the AI assistant) is offered: GET
 * /local/ip/decideIntelligentCustomerIp answers whether the caller's address is in
 * one of the networks of ASSISTANT_NETWORKS (comma-separated CIDR blocks, IPv4 or
 * IPv6). Unset, the assistant is offered everywhere. The caller's address is the
 * rate limits' (src/server/forms/client-address.ts, TRUST_PROXY_HOPS).
 */
const Cidr = z
  .string()
  .trim()
  .refine((v) => {
    const [address, bits, extra] = v.split('/');
    const family = isIP(address ?? '');
    const n = Number(bits);
    return extra === undefined && family !== 0 && bits !== undefined && /^\d{1,3}$/.test(bits) && n <= (family === 4 ? 32 : 128);
  }, 'each entry must be a CIDR block such as 203.0.113.0/24 or 2001:db8::/32');

export const AssistantEnv = {
  ASSISTANT_NETWORKS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(Cidr))
    .describe('Comma-separated CIDR blocks where the smart customer service is offered; empty: everywhere'),
};

/** Whether an address may be offered the assistant: a function of the configured networks. */
export function assistantAvailability(networks: readonly string[]): (address: string) => boolean {
  if (!networks.length) return () => true;
  const list = new BlockList();
  for (const block of networks) {
    const [address, bits] = block.split('/');
    list.addSubnet(address, Number(bits), isIP(address) === 6 ? 'ipv6' : 'ipv4');
  }
  return (address) => {
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}
