import { describe, expect, it } from 'vitest';
import { buildGraph, moreKey, NODE_CAP, NODE_HEIGHT, NODE_WIDTH, type LinkGroup, type NodeFacts } from '@/lib/entities/graph-layout';

const at = (minutesAgo: number) => new Date(Date.UTC(2026, 10, 1) - minutesAgo * 60_000);

/** A group of `shown` links read out of `total`, named `<prefix>-<n>`, most recent first. */
function group(from: string, relation: LinkGroup['relation'], prefix: string, shown: number, total = shown): LinkGroup {
  return {
    from,
    relation,
    total,
    links: Array.from({ length: shown }, (_, i) => ({ otherId: `${prefix}-${i}`, firstSeen: at(1000 + i), lastSeen: at(i) })),
  };
}

const noFacts = new Map<string, NodeFacts>();

describe('the link graph of an entity', () => {
  it('draws each link once, in the direction money and use go, and names linked entities from their facts', () => {
    const facts = new Map<string, NodeFacts>([
      ['root', { kind: 'account', name: 'Root Ltd', openAlerts: 0 }],
      ['payer-0', { kind: 'customer', name: 'Ana', openAlerts: 2 }],
    ]);
    const g = buildGraph('root', [group('root', 'paid_by', 'payer', 2), group('root', 'paid', 'payee', 1), group('root', 'uses_device', 'dev', 1), group('dev-0', 'device_user', 'user', 2)], facts);
    expect(g.nodes.map((n) => n.key)).toEqual(['root', 'payer-0', 'payer-1', 'payee-0', 'dev-0', 'user-0', 'user-1']);
    const edge = (source: string, target: string) => g.edges.find((e) => e.source === source && e.target === target);
    expect(edge('payer-0', 'root')?.label).toBe('paid by');
    expect(edge('root', 'payee-0')?.label).toBe('paid');
    expect(edge('root', 'dev-0')?.label).toBe('uses device');
    expect(edge('dev-0', 'user-1')?.relation).toBe('device_user');
    const payer = g.nodes.find((n) => n.key === 'payer-0');
    expect(payer).toMatchObject({ label: 'Ana', detail: 'customer · payer-0', openAlerts: 2, ring: 1 });
    expect(g.nodes.find((n) => n.key === 'user-0')).toMatchObject({ label: 'user-0', detail: 'placeholder', ring: 2 });
    // Payers are ranked left of the entity, payees right of it.
    const x = (key: string) => g.nodes.find((n) => n.key === key)?.x ?? NaN;
    expect(x('payer-0')).toBeLessThan(x('root'));
    expect(x('payee-0')).toBeGreaterThan(x('root'));
    expect(g.capped).toBe(false);
  });

  it('collapses a hub’s links beyond those read into one counted node', () => {
    const g = buildGraph('shop', [group('shop', 'paid_by', 'payer', 12, 5_000)], noFacts);
    expect(g.nodes).toHaveLength(14);
    const more = g.nodes.find((n) => n.type === 'more');
    expect(more).toMatchObject({ key: moreKey('paid_by', 'shop'), label: '+ 4,988 more payers', more: { count: 4_988, relation: 'paid_by', from: 'shop' } });
    expect(g.edges.find((e) => e.source === more?.key)?.target).toBe('shop');
    expect(buildGraph('a', [group('a', 'paid', 'p', 1, 2)], noFacts).nodes.find((n) => n.type === 'more')?.label).toBe('+ 1 more payee');
  });

  it('stays within the node cap, counting what it left out of each group', () => {
    const groups = [group('root', 'paid_by', 'payer', 150, 5_000), group('root', 'paid', 'payee', 100, 100), group('payer-0', 'paid_by', 'far', 10, 10)];
    const g = buildGraph('root', groups, noFacts);
    expect(g.nodes.length).toBeLessThanOrEqual(NODE_CAP);
    expect(g.capped).toBe(true);
    const payers = g.nodes.filter((n) => n.key.startsWith('payer-'));
    expect(g.nodes.find((n) => n.key === moreKey('paid_by', 'root'))?.more?.count).toBe(5_000 - payers.length);
    // The cap reached, later groups are left out whole rather than breaking it.
    expect(g.nodes.some((n) => n.key.startsWith('payee-'))).toBe(false);
    expect(new Set(g.nodes.map((n) => n.key)).size).toBe(g.nodes.length);
    const small = buildGraph('root', groups, noFacts, 20);
    expect(small.nodes).toHaveLength(20);
    expect(small.nodes.at(-1)?.label).toBe('+ 4,982 more payers');
  });

  it('draws an entity met in several groups once, with an edge of each', () => {
    const g = buildGraph('root', [group('root', 'paid_by', 'x', 1), group('root', 'paid', 'x', 1)], noFacts);
    expect(g.nodes.map((n) => n.key)).toEqual(['root', 'x-0']);
    expect(g.edges.map((e) => `${e.source}>${e.target}`).sort()).toEqual(['root>x-0', 'x-0>root']);
  });

  it('places the same input at the same positions every time, nodes never overlapping', () => {
    const groups = () => [group('root', 'paid_by', 'payer', 12, 300), group('root', 'paid', 'payee', 8), group('root', 'uses_device', 'dev', 2), group('dev-0', 'device_user', 'user', 3)];
    const first = buildGraph('root', groups(), noFacts);
    const again = buildGraph('root', groups(), noFacts);
    expect(again.nodes).toEqual(first.nodes);
    expect(again.width).toBe(first.width);
    for (const n of first.nodes) {
      expect(n).toMatchObject({ width: NODE_WIDTH, height: NODE_HEIGHT });
      expect(Number.isInteger(n.x) && Number.isInteger(n.y)).toBe(true);
    }
    for (const a of first.nodes) {
      for (const b of first.nodes) {
        if (a === b) continue;
        const apart = Math.abs(a.x - b.x) >= NODE_WIDTH || Math.abs(a.y - b.y) >= NODE_HEIGHT;
        expect(apart, `${a.key} and ${b.key} overlap`).toBe(true);
      }
    }
  });
});
