import dagre from '@dagrejs/dagre';

/** The stored relations an entity's link graph draws (shares_device is drawn as device and users). */
export type GraphRelation = 'paid' | 'paid_by' | 'uses_device' | 'device_user';

/** One group of an entity's links of one relation, most recently seen first, with how many it has in all. */
export interface LinkGroup {
  from: string;
  relation: GraphRelation;
  total: number;
  links: { otherId: string; firstSeen: Date; lastSeen: Date }[];
}

export interface NodeFacts {
  kind: string | null;
  name: string | null;
  openAlerts: number;
}

export interface GraphNode {
  /** The entity id, or `more:<relation>:<from>` for a collapsed group. */
  key: string;
  type: 'entity' | 'more';
  /** The entity a node shows; for a collapsed group, the entity whose links it holds. */
  entityId: string;
  label: string;
  detail: string;
  openAlerts: number;
  ring: number;
  /** A collapsed group: how many links it holds and which group it is. */
  more?: { count: number; relation: GraphRelation; from: string };
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface GraphEdge {
  key: string;
  /** In the direction money or use goes: payer to payee, user to device, device to user. */
  source: string;
  target: string;
  relation: GraphRelation;
  label: string;
  firstSeen: Date | null;
  lastSeen: Date | null;
}

export interface LaidOutGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
  width: number;
  height: number;
  /** True when the node cap left links out (each in a collapsed node). */
  capped: boolean;
}

/** About as many nodes as a person can read in one picture and the browser draws at once. */
export const NODE_CAP = 150;
export const NODE_WIDTH = 190;
export const NODE_HEIGHT = 56;

/** What a collapsed group's node says: "+ 4,812 more payees". */
const MORE_NOUN: Record<GraphRelation, [string, string]> = {
  paid: ['payee', 'payees'],
  paid_by: ['payer', 'payers'],
  uses_device: ['device', 'devices'],
  device_user: ['device user', 'device users'],
};

export const RELATION_LABEL: Record<GraphRelation, string> = {
  paid: 'paid',
  paid_by: 'paid by',
  uses_device: 'uses device',
  device_user: 'device used by',
};

const countText = (n: number) => new Intl.NumberFormat('en').format(n);

export const moreLabel = (count: number, relation: GraphRelation): string =>
  `+ ${countText(count)} more ${MORE_NOUN[relation][count === 1 ? 0 : 1]}`;

export const moreKey = (relation: GraphRelation, from: string): string => `more:${relation}:${from}`;

/** Source and target of a link in the direction the layout ranks it (money and use flow left to right). */
function direction(from: string, relation: GraphRelation, other: string): [string, string] {
  return relation === 'paid_by' ? [other, from] : [from, other];
}

/**
 * The link graph of `rootId` from its groups of links, in order: each group's links join until the
 * graph holds `cap` nodes, and whatever a group cannot show (links beyond those read, or beyond the
 * cap) becomes one counted node ("+ 4,812 more payees"). An entity met in several groups is one node
 * with several edges. Every node gets its place from dagre's layered layout, left to right, so the
 * same input always gives the same picture.
 */
export function buildGraph(rootId: string, groups: LinkGroup[], facts: Map<string, NodeFacts>, cap = NODE_CAP): LaidOutGraph {
  const nodes = new Map<string, Omit<GraphNode, 'x' | 'y' | 'width' | 'height'>>();
  const edges = new Map<string, GraphEdge>();
  const ring = new Map<string, number>([[rootId, 0]]);
  let capped = false;

  const entityNode = (id: string, r: number) => {
    const f = facts.get(id);
    nodes.set(id, {
      key: id,
      type: 'entity',
      entityId: id,
      label: f?.name ?? id,
      detail: [f?.kind ?? 'placeholder', f?.name ? id : null].filter((x) => x !== null).join(' · '),
      openAlerts: f?.openAlerts ?? 0,
      ring: r,
    });
  };
  entityNode(rootId, 0);

  for (const group of groups) {
    const fromRing = ring.get(group.from);
    if (fromRing === undefined) continue; // its entity did not make it into the graph
    let shown = 0;
    for (const link of group.links) {
      const isNew = !nodes.has(link.otherId);
      // Room is kept for this group's counted node whenever anything of it may be left out.
      const leftAfter = group.total - shown - 1;
      if (isNew && nodes.size + 1 + (leftAfter > 0 ? 1 : 0) > cap) {
        capped = true;
        break;
      }
      if (isNew) {
        ring.set(link.otherId, fromRing + 1);
        entityNode(link.otherId, fromRing + 1);
      }
      const [source, target] = direction(group.from, group.relation, link.otherId);
      const key = `${group.relation}:${source}>${target}`;
      if (!edges.has(key)) {
        edges.set(key, { key, source, target, relation: group.relation, label: RELATION_LABEL[group.relation], firstSeen: link.firstSeen, lastSeen: link.lastSeen });
      }
      shown++;
    }
    const rest = group.total - shown;
    if (rest > 0 && nodes.size < cap) {
      const key = moreKey(group.relation, group.from);
      nodes.set(key, {
        key,
        type: 'more',
        entityId: group.from,
        label: moreLabel(rest, group.relation),
        detail: `of ${facts.get(group.from)?.name ?? group.from}`,
        openAlerts: 0,
        ring: fromRing + 1,
        more: { count: rest, relation: group.relation, from: group.from },
      });
      const [source, target] = direction(group.from, group.relation, key);
      edges.set(`${group.relation}:${source}>${target}`, {
        key: `${group.relation}:${source}>${target}`,
        source,
        target,
        relation: group.relation,
        label: RELATION_LABEL[group.relation],
        firstSeen: null,
        lastSeen: null,
      });
    }
  }
  return layOut([...nodes.values()], [...edges.values()], capped);
}

/** dagre's layered layout, left to right; nodes and edges are added in a fixed order, so positions are stable. */
export function layOut(nodes: Omit<GraphNode, 'x' | 'y' | 'width' | 'height'>[], edges: GraphEdge[], capped = false): LaidOutGraph {
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: 'LR', nodesep: 14, ranksep: 90, marginx: 10, marginy: 10 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of nodes) g.setNode(n.key, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const e of edges) g.setEdge(e.source, e.target, {}, e.key);
  dagre.layout(g);
  const size = g.graph();
  return {
    nodes: nodes.map((n) => {
      const p = g.node(n.key);
      // dagre gives centres; React Flow places nodes by their top-left corner.
      return { ...n, x: Math.round(p.x - NODE_WIDTH / 2), y: Math.round(p.y - NODE_HEIGHT / 2), width: NODE_WIDTH, height: NODE_HEIGHT };
    }),
    edges,
    width: Math.round(size.width ?? 0),
    height: Math.round(size.height ?? 0),
    capped,
  };
}
