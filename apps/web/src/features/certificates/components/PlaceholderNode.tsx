import type Konva from 'konva';
import { Group, Rect, Text } from 'react-konva';
import { colorHasShadow } from '@eo/contract';
import { fitFontSize } from '../sample-text';
import type { Box } from '../placeholder-geometry';

export interface PlaceholderLook {
  label: string;
  /** The sample, already cut to the max characters. */
  text: string;
  family: string;
  /** Font size in canvas pixels (template size × scale). */
  size: number;
  color: string;
  labelSize: number;
}

interface Props {
  /** The box in canvas pixels. */
  box: Box;
  look: PlaceholderLook;
  stage: { width: number; height: number };
  draggable: boolean;
  selected: boolean;
  nodeRef: (node: Konva.Group | null) => void;
  onSelect: () => void;
  onMoved: (box: Box) => void;
  /** After a resize with the Transformer: the group carries the stretch as its scale. */
  onTransformed: (node: Konva.Group) => void;
  /** Changes when the fonts have loaded: the texts are measured again. */
  fontsKey: string;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), Math.max(lo, hi));

/** One placeholder on the canvas: a dashed box, its label, and the sample text centred in it. */
export function PlaceholderNode({ box, look, stage, draggable, selected, nodeRef, onSelect, onMoved, onTransformed, fontsKey }: Props) {
  const size = fitFontSize(look.text, look.family, look.size, box);
  const shadow = colorHasShadow(look.color);
  return (
    <Group
      ref={nodeRef} x={box.x} y={box.y} draggable={draggable}
      onMouseDown={onSelect} onTouchStart={onSelect}
      dragBoundFunc={(pos) => ({ x: clamp(pos.x, 0, stage.width - box.width), y: clamp(pos.y, 0, stage.height - box.height) })}
      onDragEnd={(e) => onMoved({ ...box, x: e.target.x(), y: e.target.y() })}
      onTransformEnd={(e) => onTransformed(e.currentTarget as Konva.Group)}
    >
      <Rect
        width={box.width} height={box.height} fill="rgba(91, 60, 196, 0.08)"
        stroke={selected ? '#5b3cc4' : '#8c84b8'} strokeWidth={1} dash={[6, 4]}
      />
      {/* The label sits just outside the box (above it, or below when the box touches the top), never over the text. */}
      <Text
        text={look.label} x={0} y={box.y >= look.labelSize + 4 ? -look.labelSize - 3 : box.height + 3}
        fontSize={look.labelSize} fill="#5b3cc4" listening={false}
      />
      {/* Laid out wider than the box (centred on it): konva cuts a line longer than its width, and
          a rounding pixel must not eat the last letter. The size is fitted to the box itself. */}
      <Text
        key={`${fontsKey}-${look.family}`}
        text={look.text} x={-box.width / 2} width={box.width * 2} height={box.height} align="center" verticalAlign="middle" wrap="none"
        fontFamily={look.family} fontSize={size} fill={`#${look.color}`} listening={false}
        shadowColor="#000000" shadowBlur={shadow ? 3 : 0} shadowOpacity={shadow ? 0.8 : 0} shadowOffset={{ x: 1, y: 1 }} shadowEnabled={shadow}
      />
    </Group>
  );
}
