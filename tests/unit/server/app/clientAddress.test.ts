import { describe, expect, it } from 'vitest';
import {
  clientAddressOf,
  createClientAddressResolver,
  parseAddressRange,
  TRUST_NO_PROXY,
  type TrustProxy,
} from '../../../../server/app/clientAddress';

const hops = (count: number): TrustProxy => ({ kind: 'hops', hops: count });
const proxies = (...ranges: string[]): TrustProxy => ({
  kind: 'proxies',
  ranges: ranges.map((range) => parseAddressRange(range) ?? `bad range ${range}`),
});

describe('clientAddressOf without a trusted proxy', () => {
  it('is the socket peer, ignoring X-Forwarded-For', () => {
    expect(clientAddressOf('203.0.113.9', '198.51.100.1', TRUST_NO_PROXY)).toBe('203.0.113.9');
    expect(clientAddressOf('203.0.113.9', '198.51.100.1', hops(0))).toBe('203.0.113.9');
    expect(clientAddressOf(undefined, undefined, TRUST_NO_PROXY)).toBe('unknown');
  });

  it('counts an IPv4 client on a dual-stack socket once, and an IPv6 client by its /64', () => {
    expect(clientAddressOf('::ffff:203.0.113.9', undefined, TRUST_NO_PROXY)).toBe('203.0.113.9');
    expect(clientAddressOf('::FFFF:cb00:7109', undefined, TRUST_NO_PROXY)).toBe('203.0.113.9');
    const a = clientAddressOf('2001:db8:1:2:aaaa::1', undefined, TRUST_NO_PROXY);
    const b = clientAddressOf('2001:0db8:0001:0002:bbbb:cccc:dddd:eeee', undefined, TRUST_NO_PROXY);
    expect(a).toBe('2001:db8:1:2::/64');
    expect(b).toBe(a);
    expect(clientAddressOf('2001:db8:1:3::1', undefined, TRUST_NO_PROXY)).not.toBe(a);
    expect(clientAddressOf('::1', undefined, TRUST_NO_PROXY)).toBe('0:0:0:0::/64');
    expect(clientAddressOf('fe80::1%eth0', undefined, TRUST_NO_PROXY)).toBe('fe80:0:0:0::/64');
  });
});

describe('clientAddressOf behind a number of trusted hops', () => {
  it('takes the entry the one proxy appended, not the ones the client wrote', () => {
    // nginx's $proxy_add_x_forwarded_for and AWS load balancers append to what the client sent.
    for (let i = 0; i < 5; i++) {
      expect(clientAddressOf('10.0.0.2', `198.51.100.${i}, 203.0.113.5`, hops(1))).toBe(
        '203.0.113.5',
      );
    }
    expect(clientAddressOf('10.0.0.2', '203.0.113.5', hops(1))).toBe('203.0.113.5');
  });

  it('takes the Nth entry from the right with N hops', () => {
    const header = '192.0.2.66, 203.0.113.5, 10.0.0.7';
    expect(clientAddressOf('10.0.0.2', header, hops(1))).toBe('10.0.0.7');
    expect(clientAddressOf('10.0.0.2', header, hops(2))).toBe('203.0.113.5');
    expect(clientAddressOf('10.0.0.2', header, hops(3))).toBe('192.0.2.66');
  });

  it('joins repeated headers in order', () => {
    const headers = ['192.0.2.66', '203.0.113.5, 10.0.0.7'];
    expect(clientAddressOf('10.0.0.2', headers, hops(2))).toBe('203.0.113.5');
    expect(clientAddressOf('10.0.0.2', headers, hops(3))).toBe('192.0.2.66');
  });

  it('reads ports, IPv6 brackets and IPv4-mapped entries', () => {
    expect(clientAddressOf('10.0.0.2', '203.0.113.5:4711', hops(1))).toBe('203.0.113.5');
    expect(clientAddressOf('10.0.0.2', '[2001:db8::1]:4711', hops(1))).toBe('2001:db8:0:0::/64');
    expect(clientAddressOf('10.0.0.2', '[2001:db8::1]', hops(1))).toBe('2001:db8:0:0::/64');
    expect(clientAddressOf('10.0.0.2', ' 2001:DB8:0:0:1::5 ', hops(1))).toBe('2001:db8:0:0::/64');
    expect(clientAddressOf('10.0.0.2', '::ffff:203.0.113.5', hops(1))).toBe('203.0.113.5');
  });

  it('falls back to the last trusted address for garbage, never a fresh key', () => {
    // The peer wrote nothing usable: the peer (the proxy) stands for the client.
    for (const garbage of [
      '',
      ' , ',
      'unknown',
      'evil.example',
      '1.2.3',
      '203.0.113.5:x',
      '[::1',
      '203.0.113.5%eth0',
    ]) {
      expect(clientAddressOf('10.0.0.2', garbage, hops(1)), garbage).toBe('10.0.0.2');
    }
    expect(clientAddressOf('10.0.0.2', '203.0.113.5,', hops(1))).toBe('10.0.0.2');
    // Too few entries for the hop count: the outermost entry there is, never the client's text.
    expect(clientAddressOf('10.0.0.2', '10.0.0.7', hops(2))).toBe('10.0.0.7');
    expect(clientAddressOf('10.0.0.2', undefined, hops(2))).toBe('10.0.0.2');
    expect(clientAddressOf('10.0.0.2', 'random-1, 10.0.0.7', hops(2))).toBe('10.0.0.7');
    expect(clientAddressOf('10.0.0.2', 'random-2, 10.0.0.7', hops(2))).toBe('10.0.0.7');
  });
});

describe('clientAddressOf behind trusted proxy addresses', () => {
  const trust = proxies('10.0.0.0/8', '127.0.0.1', '2001:db8:ffff::/48');

  it('ignores the header when the peer is no trusted proxy', () => {
    expect(clientAddressOf('203.0.113.9', '198.51.100.1', trust)).toBe('203.0.113.9');
    expect(clientAddressOf('127.0.0.2', '198.51.100.1', trust)).toBe('127.0.0.2');
  });

  it('walks from the right past trusted proxies to the first address that is not one', () => {
    expect(clientAddressOf('127.0.0.1', '198.51.100.1', trust)).toBe('198.51.100.1');
    expect(clientAddressOf('::ffff:127.0.0.1', '198.51.100.1', trust)).toBe('198.51.100.1');
    const chain = '192.0.2.66, 203.0.113.5, 10.1.2.3, 10.0.0.9';
    expect(clientAddressOf('10.0.0.2', chain, trust)).toBe('203.0.113.5');
    expect(clientAddressOf('10.0.0.2', ['192.0.2.66, 203.0.113.5', '10.1.2.3'], trust)).toBe(
      '203.0.113.5',
    );
    expect(clientAddressOf('2001:db8:ffff:1::2', '[2001:db8:1:2::9]:443', trust)).toBe(
      '2001:db8:1:2::/64',
    );
  });

  it('stops at garbage at the last trusted proxy, and answers the leftmost when all are trusted', () => {
    expect(clientAddressOf('10.0.0.2', 'spoof, 10.1.2.3', trust)).toBe('10.1.2.3');
    expect(clientAddressOf('10.0.0.2', '203.0.113.5, , 10.1.2.3', trust)).toBe('10.1.2.3');
    expect(clientAddressOf('10.0.0.2', 'unknown', trust)).toBe('10.0.0.2');
    expect(clientAddressOf('10.0.0.2', '10.9.9.9, 10.1.2.3', trust)).toBe('10.9.9.9');
    expect(clientAddressOf('10.0.0.2', undefined, trust)).toBe('10.0.0.2');
  });
});

describe('parseAddressRange', () => {
  it('reads addresses and CIDR ranges of both families', () => {
    expect(parseAddressRange('10.0.0.0/8')).toBe('10.0.0.0/8');
    expect(parseAddressRange(' 127.0.0.1 ')).toBe('127.0.0.1/32');
    expect(parseAddressRange('2001:DB8::/32')).toBe('2001:db8::/32');
    expect(parseAddressRange('::1')).toBe('::1/128');
    expect(parseAddressRange('::ffff:10.0.0.0/104')).toBe('10.0.0.0/8');
  });

  it('refuses anything else', () => {
    for (const bad of [
      '',
      '10.0.0.0/33',
      '2001:db8::/129',
      '10.0.0.0/',
      '10.0.0.0/8/8',
      '10.0.0.0/-1',
      '10.0.0',
      '010.0.0.1',
      'proxy.internal',
      'fe80::1%eth0',
      '::ffff:10.0.0.0/8',
      '[::1]',
      '10.0.0.1:80',
    ]) {
      expect(parseAddressRange(bad), bad).toBeNull();
    }
  });

  it('builds a resolver for every range it reads', () => {
    const resolve = createClientAddressResolver(proxies('::ffff:10.0.0.0/104'));
    expect(resolve('10.0.0.2', '203.0.113.5')).toBe('203.0.113.5');
  });
});
