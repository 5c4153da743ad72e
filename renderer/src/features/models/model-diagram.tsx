/**
 * Every model and its relations, laid out by ELK's layered algorithm (children left of their
 * parents), drawn by React Flow as DOM nodes: each node lists its fields, relation fields
 * carry a port the edge leaves from. A lazy chunk: elkjs and React Flow load on first view.
 */
import {
  Background,
  Controls,
  type Edge,
  Handle,
  MarkerType,
  type Node,
  type NodeProps,
  Panel,
  Position,
  ReactFlow,
} from '@xyflow/react';
import ELK from 'elkjs/lib/elk.bundled.js';
import { useEffect, useState } from 'react';

import type { ModelInfo, RelationInfo } from '../../api';
import { Loading } from '../../ui/empty-state';

import '@xyflow/react/dist/style.css';

const NODE_WIDTH = 230;
const HEADER = 34;
const ROW = 22;

type ModelNodeData = { model: ModelInfo; incoming: boolean; onOpen(name: string): void };
type ModelNode = Node<ModelNodeData, 'model'>;

interface DiagramRow {
  name: string;
  text: string;
  relation: RelationInfo | null;
  optional: boolean;
}

/** Plain fields, then relation fields (the schema lists those apart from the fields). */
function rowsOf(model: ModelInfo): DiagramRow[] {
  const relations = new Map(model.relations.map((r) => [r.field, r]));
  const rows: DiagramRow[] = model.fields
    .filter((f) => !relations.has(f.name))
    .map((f) => ({ name: f.name, text: f.typeText, relation: null, optional: !f.required }));
  for (const r of model.relations) {
    const text = r.kind === 'hasMany' ? `${r.target}[]` : r.target;
    // A @HasMany field is a read-only list of children, never absent: no `?` (issue 17 polish).
    rows.push({ name: r.field, text, relation: r, optional: r.kind === 'belongTo' && !r.required });
  }
  return rows;
}

function ModelNodeView({ data }: NodeProps<ModelNode>) {
  const { model } = data;
  return (
    <div className="diagram-node" role="group" aria-label={`Model ${model.name}`}>
      <Handle
        type="target"
        position={Position.Left}
        id="in"
        className={data.incoming ? 'diagram-port' : 'diagram-port unused'}
      />
      <button
        type="button"
        className="diagram-node-head nodrag"
        onClick={() => data.onOpen(model.name)}
        title={`Open ${model.name}`}
      >
        <strong>{model.name}</strong>
        <span className="mono">/{model.path}</span>
      </button>
      {model.dataSource !== null && (
        <p className="diagram-node-note">“{model.dataSource}” datasource · read-only</p>
      )}
      <ul>
        {rowsOf(model).map((row) => (
          <li key={row.name} className={row.relation ? 'rel' : undefined}>
            <span className="mono">
              {row.name}
              {row.optional ? '?' : ''}
            </span>
            <span className="mono faint">{row.text}</span>
            {row.relation?.kind === 'belongTo' && (
              <Handle
                type="source"
                position={Position.Right}
                id={row.name}
                className="diagram-port"
              />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

const nodeTypes = { model: ModelNodeView };

function edgesOf(models: ModelInfo[]): Edge[] {
  const names = new Set(models.map((m) => m.name));
  const edges: Edge[] = [];
  for (const m of models) {
    for (const r of m.relations) {
      if (r.kind !== 'belongTo' || !names.has(r.target)) continue;
      const parent = models.find((p) => p.name === r.target);
      const inverse = parent?.relations.find((h) => h.kind === 'hasMany' && h.target === m.name);
      // Nullify is the default (CONTRACT §3): only a rule that deletes or refuses is spelled out,
      // which keeps labels short and the layers close.
      const rule =
        inverse?.kind === 'hasMany' && inverse.onDelete !== 'nullify'
          ? ` · on delete ${inverse.onDelete}`
          : '';
      edges.push({
        id: `${m.name}.${r.field}`,
        source: m.name,
        sourceHandle: r.field,
        target: r.target,
        targetHandle: 'in',
        label: `${r.field}${rule}`,
        markerEnd: { type: MarkerType.ArrowClosed },
        className: 'diagram-edge',
      });
    }
    if (m.parent && names.has(m.parent)) {
      edges.push({
        id: `${m.name}^${m.parent}`,
        source: m.name,
        target: m.parent,
        targetHandle: 'in',
        label: 'extends',
        className: 'diagram-edge inherit',
        style: { strokeDasharray: '5 4' },
      });
    }
  }
  return edges;
}

async function layout(models: ModelInfo[], edges: Edge[]): Promise<ModelNode[]> {
  const elk = new ELK();
  const graph = await elk.layout({
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.layered.spacing.nodeNodeBetweenLayers': '110',
      'elk.spacing.nodeNode': '28',
      'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
    },
    children: models.map((m) => ({
      id: m.name,
      width: NODE_WIDTH,
      // The datasource note of a read-only model is one row more.
      height: HEADER + ROW * (rowsOf(m).length + (m.dataSource === null ? 0 : 1)) + 8,
    })),
    edges: edges.map((e) => ({ id: e.id, sources: [e.source], targets: [e.target] })),
  });
  const placed = new Map((graph.children ?? []).map((c) => [c.id, c]));
  return models.map((m) => ({
    id: m.name,
    type: 'model',
    position: { x: placed.get(m.name)?.x ?? 0, y: placed.get(m.name)?.y ?? 0 },
    data: { model: m, incoming: edges.some((e) => e.target === m.name), onOpen: () => undefined },
  }));
}

export default function ModelDiagram({
  models,
  onOpen,
}: {
  models: ModelInfo[];
  onOpen(name: string): void;
}) {
  const [nodes, setNodes] = useState<ModelNode[] | null>(null);
  const [edges, setEdges] = useState<Edge[]>([]);
  useEffect(() => {
    let live = true;
    const nextEdges = edgesOf(models);
    void layout(models, nextEdges).then((placed) => {
      if (!live) return;
      setEdges(nextEdges);
      setNodes(placed.map((n) => ({ ...n, data: { ...n.data, onOpen } })));
    });
    return () => {
      live = false;
    };
  }, [models, onOpen]);
  if (!nodes) return <Loading what="the diagram" />;
  return (
    <div className="diagram" aria-label="Diagram of the models and their relations" role="figure">
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        colorMode="system"
        fitView
        // Never shrink below legible text: a big project pans instead.
        fitViewOptions={{ padding: 0.15, maxZoom: 1.3, minZoom: 0.6 }}
        minZoom={0.2}
        nodesConnectable={false}
        proOptions={{ hideAttribution: true }}
        onNodesChange={() => undefined}
      >
        <Background gap={20} size={1} />
        <Controls showInteractive={false} />
        <Panel position="top-left" className="diagram-legend">
          Arrows run from a <code>@BelongTo</code> field to its parent model. Click a title to open
          the model; drag to pan, scroll to zoom.
        </Panel>
      </ReactFlow>
    </div>
  );
}
