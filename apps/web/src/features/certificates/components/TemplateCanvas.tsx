import { useEffect, useRef, useState } from 'react';
import type Konva from 'konva';
import { Image as KonvaImage, Layer, Stage, Transformer } from 'react-konva';
import { TEMPLATE_OBJECT_KEYS, type TemplateObjectKey } from '@eo/contract';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { clampBox, scaleOf, toDisplay, toTemplate, type Box, type Boxes, type Size } from '../placeholder-geometry';
import { useCertFonts } from '../hooks/use-cert-fonts';
import { useElementWidth, useTemplateImage } from '../hooks/use-template-image';
import { PlaceholderNode, type PlaceholderLook } from './PlaceholderNode';

/** What each placeholder shows; sizes in template pixels. */
export type CanvasLooks = Record<TemplateObjectKey, Omit<PlaceholderLook, 'size' | 'labelSize'> & { size: number }>;

interface Props {
  url: string;
  size: Size | null;
  boxes: Boxes | null;
  looks: CanvasLooks;
  disabled?: boolean;
  onImageSize: (size: Size) => void;
  onBox: (key: TemplateObjectKey, box: Box) => void;
}

// Spec section 9: placeholder label sizes, below / above 576 px.
const LABEL_SIZE = { recipientName: [10, 14], serialNumber: [6, 9] } as const;

/**
 * The `Certificate Preview` canvas: the template scaled to the available width, with the two
 * placeholders dragged and resized on it. Everything leaving here is in template pixels.
 */
export function TemplateCanvas({ url, size, boxes, looks, disabled, onImageSize, onBox }: Props) {
  const [wrap, setWrap] = useState<HTMLDivElement | null>(null);
  const width = useElementWidth(wrap);
  const image = useTemplateImage(url, onImageSize);
  const fontsReady = useCertFonts();
  const isMobile = useIsMobile();
  const [selected, setSelected] = useState<TemplateObjectKey | null>(null);
  const nodes = useRef<Partial<Record<TemplateObjectKey, Konva.Group | null>>>({});
  const transformer = useRef<Konva.Transformer>(null);

  const natural = size ?? (image ? { width: image.naturalWidth, height: image.naturalHeight } : null);
  const scale = natural ? scaleOf(width, natural) : 1;
  const stage = natural ? { width: Math.floor(natural.width * scale), height: Math.floor(natural.height * scale) } : null;

  useEffect(() => {
    const node = selected && !disabled ? nodes.current[selected] : null;
    transformer.current?.nodes(node ? [node] : []);
    transformer.current?.getLayer()?.batchDraw();
  }, [selected, disabled, boxes, stage?.width]);

  const commit = (key: TemplateObjectKey, display: Box) => natural && onBox(key, clampBox(toTemplate(display, scale), natural));

  const onTransformed = (key: TemplateObjectKey, node: Konva.Group) => {
    if (!boxes) return;
    const d = toDisplay(boxes[key], scale);
    const box = { x: node.x(), y: node.y(), width: d.width * node.scaleX(), height: d.height * node.scaleY() };
    node.scale({ x: 1, y: 1 });
    commit(key, box);
  };

  return (
    <div ref={setWrap} className="cert-canvas">
      {stage && image && boxes && width > 0 && (
        <Stage
          width={stage.width} height={stage.height}
          onMouseDown={(e) => {
            // A press on the template itself (not on a placeholder) lets go of the selection.
            if (e.target === e.target.getStage() || e.target.getClassName() === 'Image') setSelected(null);
          }}
        >
          <Layer>
            <KonvaImage image={image} width={stage.width} height={stage.height} />
            {TEMPLATE_OBJECT_KEYS.map((key) => (
              <PlaceholderNode
                key={key}
                box={toDisplay(boxes[key], scale)}
                look={{ ...looks[key], size: looks[key].size * scale, labelSize: LABEL_SIZE[key][isMobile ? 0 : 1] }}
                stage={stage} draggable={!disabled} selected={selected === key} fontsKey={String(fontsReady)}
                nodeRef={(n) => {
                  nodes.current[key] = n;
                }}
                onTransformed={(n) => onTransformed(key, n)}
                onSelect={() => setSelected(key)}
                onMoved={(b) => commit(key, b)}
              />
            ))}
            <Transformer
              ref={transformer} rotateEnabled={false} keepRatio={false} flipEnabled={false}
              boundBoxFunc={(oldBox, next) => {
                const inside = next.x >= -0.5 && next.y >= -0.5 && next.x + next.width <= stage.width + 0.5 && next.y + next.height <= stage.height + 0.5;
                return inside && next.width >= 8 && next.height >= 8 ? next : oldBox;
              }}
            />
          </Layer>
        </Stage>
      )}
    </div>
  );
}
