/**
 * Every model and its relations, laid out by ELK's layered algorithm (children left of their
 * parents), drawn by React Flow as DOM nodes: each node lists its fields, relation fields
 * carry a port the edge leaves from. Edge labels are laid out by ELK too, as boxes between the
 * layers, so no label lands under a node (issue 23); each edge runs through its label. A lazy
 * chunk: elkjs and React Flow load on first view.
 */
import {
  Background,
  BaseEdge,
  Controls,
  type Edge,
  EdgeLabelRenderer,
  type EdgeProps,
  getBezierPath,
  Handle,
  MarkerType,
  type Node,
  type NodeProps,
  Position,
  ReactFlow,
} from '@xyflow/react';
import ELK, { type ElkNode } from 'elkjs/lib/elk.bundled.js';
import { useEffect, useRef, useState } from 'react';

import type { ModelInfo, RelationInfo } from '../../api';
import { Loading } from '../../ui/empty-state';
import { DIAGRAM_MIN_ZOOM, FIT_OPTIONS, FitToCanvas } from './diagram-fit';

import '@xyflow/react/dist/style.css';
import './model-diagram.css';

const NODE_WIDTH = 230;
const HEADER = 34;
const ROW = 22;

type ModelNodeData = { model: ModelInfo; incoming: boolean; onOpen(name: string): void };
type ModelNode = Node<ModelNodeData, 'model'>;

/** Where ELK put a label: its box in the flow's coordinates. */
interface LabelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}
type LabelledEdgeData = { text: string; box?: LabelBox };
type LabelledEdge = Edge<LabelledEdgeData, 'labelled'>;

/** Matches `.diagram-edge-label`: 11px text, 6px padding each side, 18px high. */
const LABEL_FONT_PX = 11;
const LABEL_PAD_X = 6;
const LABEL_HEIGHT = 18;

let measure: CanvasRenderingContext2D | null | undefined;

/** The label's width as the page will draw it (a close guess where no canvas exists). */
function labelWidth(text: string): number {
  if (measure === undefined) {
    measure =
      typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    if (measure) measure.font = `${LABEL_FONT_PX}px ${getComputedStyle(document.body).fontFamily}`;
  }
  const width = measure ? measure.measureText(text).width : text.length * LABEL_FONT_PX * 0.62;
  return Math.ceil(width) + 2 * LABEL_PAD_X + 2;
}

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
        <p className="diagram-node-note">
          “{model.dataSource}” datasource{model.writable ? '' : ' · read-only'}
        </p>
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

function edgesOf(models: ModelInfo[]): LabelledEdge[] {
  const names = new Set(models.map((m) => m.name));
  const edges: LabelledEdge[] = [];
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
        type: 'labelled',
        data: { text: `${r.field}${rule}` },
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
        type: 'labelled',
        data: { text: 'extends' },
        className: 'diagram-edge inherit',
        style: { strokeDasharray: '5 4' },
      });
    }
  }
  return edges;
}

/** The edge's path through its label: source to the label's left, across, on to the target. */
function LabelledEdgeView(props: EdgeProps<LabelledEdge>) {
  const { sourceX, sourceY, targetX, targetY, data, markerEnd, style } = props;
  const box = data?.box;
  let path: string;
  let left = (sourceX + targetX) / 2;
  let top = (sourceY + targetY) / 2;
  if (box) {
    const middle = box.y + box.height / 2;
    const [into] = getBezierPath({
      sourceX,
      sourceY,
      sourcePosition: Position.Right,
      targetX: box.x,
      targetY: middle,
      targetPosition: Position.Left,
    });
    const [onwards] = getBezierPath({
      sourceX: box.x + box.width,
      sourceY: middle,
      sourcePosition: Position.Right,
      targetX,
      targetY,
      targetPosition: Position.Left,
    });
    path = `${into} L ${box.x + box.width},${middle} ${onwards.replace(/^M/, 'L')}`;
    left = box.x;
    top = box.y;
  } else {
    [path] = getBezierPath({
      sourceX,
      sourceY,
      targetX,
      targetY,
      sourcePosition: Position.Right,
      targetPosition: Position.Left,
    });
  }
  return (
    <>
      <BaseEdge path={path} {...(markerEnd ? { markerEnd } : {})} {...(style ? { style } : {})} />
      {data && (
        <EdgeLabelRenderer>
          <div
            className="diagram-edge-label"
            style={{
              transform: box
                ? `translate(${left}px, ${top}px)`
                : `translate(-50%, -50%) translate(${left}px, ${top}px)`,
              ...(box ? { width: box.width, height: box.height } : {}),
            }}
          >
            {data.text}
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
}

const edgeTypes = { labelled: LabelledEdgeView };

async function layout(
  models: ModelInfo[],
  edges: LabelledEdge[],
): Promise<{ nodes: ModelNode[]; edges: LabelledEdge[] }> {
  const elk = new ELK();
  const graph = await elk.layout<ElkNode>({
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      // Labels take a layer of their own between the models': this is each side of it.
      'elk.layered.spacing.nodeNodeBetweenLayers': '36',
      'elk.layered.spacing.edgeNodeBetweenLayers': '18',
      'elk.spacing.nodeNode': '28',
      'elk.spacing.edgeLabel': '4',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
    },
    children: models.map((m) => ({
      id: m.name,
      width: NODE_WIDTH,
      // The datasource note of a read-only model is one row more.
      height: HEADER + ROW * (rowsOf(m).length + (m.dataSource === null ? 0 : 1)) + 8,
    })),
    edges: edges.map((e) => ({
      id: e.id,
      sources: [e.source],
      targets: [e.target],
      labels: e.data
        ? [{ text: e.data.text, width: labelWidth(e.data.text), height: LABEL_HEIGHT }]
        : [],
    })),
  });
  const placed = new Map((graph.children ?? []).map((c) => [c.id, c]));
  const labels = new Map((graph.edges ?? []).map((e) => [e.id, e.labels?.[0]]));
  return {
    nodes: models.map((m) => ({
      id: m.name,
      type: 'model',
      position: { x: placed.get(m.name)?.x ?? 0, y: placed.get(m.name)?.y ?? 0 },
      data: { model: m, incoming: edges.some((e) => e.target === m.name), onOpen: () => undefined },
    })),
    edges: edges.map((e) => {
      const label = labels.get(e.id);
      if (!e.data || label?.x === undefined || label.y === undefined) return e;
      const box = { x: label.x, y: label.y, width: label.width ?? 0, height: label.height ?? 0 };
      return { ...e, data: { ...e.data, box } };
    }),
  };
}

export default function ModelDiagram({
  models,
  onOpen,
}: {
  models: ModelInfo[];
  onOpen(name: string): void;
}) {
  const [nodes, setNodes] = useState<ModelNode[] | null>(null);
  const [edges, setEdges] = useState<LabelledEdge[]>([]);
  const moved = useRef(false);
  useEffect(() => {
    let live = true;
    void layout(models, edgesOf(models)).then((placed) => {
      if (!live) return;
      setEdges(placed.edges);
      setNodes(placed.nodes.map((n) => ({ ...n, data: { ...n.data, onOpen } })));
    });
    return () => {
      live = false;
    };
  }, [models, onOpen]);
  if (!nodes) return <Loading what="the diagram" />;
  const userMoved = () => {
    moved.current = true;
  };
  return (
    <div className="diagram" aria-label="Diagram of the models and their relations" role="figure">
      {/* Above the canvas, not over it: a card fitted to the canvas is never under the text. */}
      <p className="diagram-legend">
        Arrows run from a <code>@BelongTo</code> field to its parent model. Click a title to open
        the model; drag to pan, scroll to zoom.
      </p>
      <ReactFlow
        aria-label="Model diagram canvas"
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        colorMode="system"
        fitView
        // Every card whole on open, however many (issue 48); a user zooms in to read one.
        fitViewOptions={FIT_OPTIONS}
        minZoom={DIAGRAM_MIN_ZOOM}
        // A gesture (wheel, drag, pinch) has an event; React Flow's own fits have none.
        onMoveStart={(event) => {
          if (event) userMoved();
        }}
        nodesConnectable={false}
        proOptions={{ hideAttribution: true }}
        onNodesChange={() => undefined}
      >
        <Background gap={20} size={1} />
        <Controls
          showInteractive={false}
          fitViewOptions={FIT_OPTIONS}
          onZoomIn={userMoved}
          onZoomOut={userMoved}
          onFitView={() => {
            moved.current = false;
          }}
        />
        <FitToCanvas cards={nodes} moved={moved} />
      </ReactFlow>
    </div>
  );
}
