/**
 * Issue 48: the diagram shows every model card whole. React Flow's `fitView` prop fits once,
 * on the first nodes, and its old `minZoom` of 0.6 let a wide project run off the canvas (7
 * models at 1280×800: a card cut off at the right, two below the fold). Here the view is fitted
 * again whenever ELK lays the cards out anew (a model added, a field renamed) and whenever the
 * canvas changes size, unless the user has zoomed or panned since: their view is theirs.
 */
import { type FitViewOptions, useReactFlow, useStore } from '@xyflow/react';
import { type RefObject, useEffect } from 'react';

/** The most a fit shrinks: the zoom controls go no further out either. */
export const DIAGRAM_MIN_ZOOM = 0.15;

/**
 * Every card inside the canvas with a margin, never enlarged past 1.3 (a small project would
 * look blown up). In pixels, so a large project does not lose a share of a small canvas.
 */
export const FIT_OPTIONS: FitViewOptions = {
  padding: '24px',
  maxZoom: 1.3,
  minZoom: DIAGRAM_MIN_ZOOM,
};

/**
 * Refits the view to `cards` (a new array each layout) and to the canvas's size; `moved` says
 * the user zoomed or panned since the last fit (the diagram sets it). Rendered inside
 * `<ReactFlow>`: React Flow queues the fit until the new cards are measured.
 */
export function FitToCanvas({
  cards,
  moved,
}: {
  cards: readonly unknown[];
  moved: RefObject<boolean>;
}) {
  const { fitView } = useReactFlow();
  const width = useStore((s) => s.width);
  const height = useStore((s) => s.height);
  useEffect(() => {
    // A new layout moves every card: the view the user had no longer shows what it showed.
    moved.current = false;
    void fitView(FIT_OPTIONS);
  }, [cards, fitView, moved]);
  useEffect(() => {
    if (width > 0 && height > 0 && !moved.current) void fitView(FIT_OPTIONS);
  }, [width, height, fitView, moved]);
  return null;
}
