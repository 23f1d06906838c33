'use client';

import '@xyflow/react/dist/base.css';
import Link from 'next/link';
import { Controls, Handle, MarkerType, Position, ReactFlow, type Edge, type Node, type NodeProps } from '@xyflow/react';

/** A node as the server laid it out: position, size and what it says are all decided there. */
export interface DrawnNode {
  key: string;
  type: 'entity' | 'more';
  label: string;
  detail: string;
  openAlerts: number;
  root: boolean;
  href: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DrawnEdge {
  key: string;
  source: string;
  target: string;
  label: string;
}

type EntityNodeData = Omit<DrawnNode, 'key' | 'x' | 'y' | 'width' | 'height'>;
type EntityFlowNode = Node<EntityNodeData, 'entity'>;

// React Flow leaves pointer events off nodes that are neither selectable nor draggable: the link takes them back.
const linkBase = 'nopan nodrag pointer-events-auto flex h-full w-full flex-col justify-center overflow-hidden rounded border px-2 text-left text-xs focus-visible:outline-2 focus-visible:outline-sky-600';

/** One entity (or a collapsed group): a link to its page, or to the graph with the group opened further. */
function EntityNode({ data }: NodeProps<EntityFlowNode>) {
  const alerting = data.openAlerts > 0;
  const tone = data.root
    ? 'border-sky-700 bg-sky-50 text-slate-900 border-2'
    : data.type === 'more'
      ? 'border-dashed border-slate-400 bg-slate-50 text-slate-800'
      : alerting
        ? 'border-amber-600 bg-amber-50 text-slate-900 border-2'
        : 'border-slate-300 bg-white text-slate-900';
  const alertText = alerting ? `${data.openAlerts} open alert${data.openAlerts === 1 ? '' : 's'}` : null;
  return (
    <>
      <Handle type="target" position={Position.Left} isConnectable={false} className="opacity-0" />
      <Link href={data.href} prefetch={false} className={`${linkBase} ${tone}`} data-testid={data.type === 'more' ? 'graph-more' : 'graph-node'}>
        <span className="truncate font-semibold">{data.label}</span>
        <span className="truncate text-slate-600">{data.detail}</span>
        {alertText ? <span className="truncate font-semibold text-amber-800">⚠ {alertText}</span> : null}
      </Link>
      <Handle type="source" position={Position.Right} isConnectable={false} className="opacity-0" />
    </>
  );
}

const nodeTypes = { entity: EntityNode };

/**
 * The link graph drawn with React Flow from the server's layout: no layout runs in the browser.
 * Nodes are links (the only tab stops); the graph pans and zooms with the controls. The same links
 * are in the table beside it.
 */
export function LinkGraph({ name, nodes, edges, width, height }: { name: string; nodes: DrawnNode[]; edges: DrawnEdge[]; width: number; height: number }) {
  const flowNodes: EntityFlowNode[] = nodes.map((n) => ({
    id: n.key,
    type: 'entity',
    position: { x: n.x, y: n.y },
    width: n.width,
    height: n.height,
    // Handles at the middle of each side, so edges can be drawn before the browser measures anything.
    handles: [
      { type: 'target', position: Position.Left, x: 0, y: n.height / 2, width: 1, height: 1 },
      { type: 'source', position: Position.Right, x: n.width, y: n.height / 2, width: 1, height: 1 },
    ],
    data: { type: n.type, label: n.label, detail: n.detail, openAlerts: n.openAlerts, root: n.root, href: n.href },
    draggable: false,
    selectable: false,
    focusable: false,
  }));
  const flowEdges: Edge[] = edges.map((e) => ({
    id: e.key,
    source: e.source,
    target: e.target,
    label: e.label,
    focusable: false,
    markerEnd: { type: MarkerType.ArrowClosed, color: 'var(--color-slate-500)' },
    style: { stroke: 'var(--color-slate-500)' },
    labelStyle: { fill: 'var(--color-slate-700)', fontSize: 11 },
    labelBgStyle: { fill: 'var(--color-white)' },
  }));
  const viewHeight = Math.min(720, Math.max(260, height + 40));
  return (
    <div role="group" aria-label={name} className="rounded border border-slate-200 bg-white" style={{ height: viewHeight }} data-testid="link-graph">
      <ReactFlow
        nodes={flowNodes}
        edges={flowEdges}
        nodeTypes={nodeTypes}
        width={Math.max(width, 320)}
        height={viewHeight}
        fitView
        // Never so small that the boxes cannot be read: a tall graph opens on its middle, where the entity is, and pans.
        fitViewOptions={{ padding: 0.05, minZoom: 0.6, maxZoom: 1 }}
        minZoom={0.1}
        nodesDraggable={false}
        nodesConnectable={false}
        nodesFocusable={false}
        edgesFocusable={false}
        elementsSelectable={false}
        zoomOnScroll={false}
        preventScrolling={false}
        proOptions={{ hideAttribution: true }}
        colorMode="system"
      >
        <Controls showInteractive={false} className="overflow-hidden rounded border border-slate-300 bg-white text-slate-800 shadow-sm" />
      </ReactFlow>
    </div>
  );
}
