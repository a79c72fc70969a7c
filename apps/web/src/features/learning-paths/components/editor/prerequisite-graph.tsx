import '@xyflow/react/dist/style.css';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import {
  Background,
  type Connection,
  Controls,
  type Edge,
  MarkerType,
  type Node,
  Position,
  ReactFlow,
} from '@xyflow/react';
import { useMemo } from 'react';
import {
  effectiveRequires,
  layerOf,
  type StructureDraft,
} from '../../structure/structure-model.ts';

const COLUMN = 250;
const ROW = 84;

/**
 * The draft's prerequisites as a graph, read left to right: each course one column right of the
 * furthest course it waits for. Strict-sequence links are dashed, chosen prerequisites solid,
 * courses of an elective set carry its title. Drawing a link from one course to another makes
 * the second wait for the first (the list above stays the keyboard way to do the same).
 * Its own chunk with its stylesheet: only the editor needs it.
 */
export default function PrerequisiteGraph({
  draft,
  onConnect,
  readOnly,
}: {
  draft: StructureDraft;
  onConnect: (from: number, to: number) => void;
  readOnly: boolean;
}) {
  const theme = useTheme();
  const { nodes, edges } = useMemo(() => {
    const layers = layerOf(draft);
    const requires = effectiveRequires(draft);
    const rowInLayer = new Map<number, number>();
    const setTitle = new Map(draft.electives.map((e) => [e.key, e.title]));
    const nodes: Node[] = draft.items.map((item) => {
      const layer = layers.get(item.id) ?? 0;
      const row = rowInLayer.get(layer) ?? 0;
      rowInLayer.set(layer, row + 1);
      const set = item.elective ? setTitle.get(item.elective) : undefined;
      return {
        id: String(item.id),
        position: { x: layer * COLUMN, y: row * ROW },
        data: { label: set ? `${item.title} · ${set}` : item.title },
        sourcePosition: Position.Right,
        targetPosition: Position.Left,
        connectable: !readOnly,
        style: {
          width: 200,
          fontSize: 13,
          color: theme.palette.text.primary,
          background: set ? theme.palette.action.selected : theme.palette.background.paper,
          border: `1px solid ${set ? theme.palette.secondary.main : theme.palette.primary.main}`,
          borderRadius: 8,
        },
      };
    });
    const strictPrevious = new Map(
      draft.items.map((item, index) => [
        item.id,
        draft.strict ? draft.items[index - 1]?.id : undefined,
      ]),
    );
    const edges: Edge[] = draft.items.flatMap((item) =>
      (requires.get(item.id) ?? []).map((from) => {
        const implied = strictPrevious.get(item.id) === from && !item.requires.includes(from);
        return {
          id: `${from}-${item.id}`,
          source: String(from),
          target: String(item.id),
          markerEnd: { type: MarkerType.ArrowClosed, color: theme.palette.text.secondary },
          style: {
            stroke: theme.palette.text.secondary,
            strokeDasharray: implied ? '6 4' : undefined,
          },
        };
      }),
    );
    return { nodes, edges };
  }, [draft, readOnly, theme]);

  const connect = (connection: Connection) => {
    const from = Number(connection.source);
    const to = Number(connection.target);
    if (from !== to) onConnect(from, to);
  };

  return (
    <Box
      role="group"
      aria-label="Prerequisite graph of the path's courses"
      sx={{ height: { xs: 280, md: 360 }, border: 1, borderColor: 'divider', borderRadius: 2 }}
    >
      <ReactFlow
        nodes={nodes}
        edges={edges}
        onConnect={readOnly ? undefined : connect}
        nodesDraggable={false}
        nodesConnectable={!readOnly}
        elementsSelectable={false}
        colorMode={theme.palette.mode}
        fitView
        minZoom={0.3}
      >
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </Box>
  );
}
