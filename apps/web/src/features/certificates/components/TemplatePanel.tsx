import { useEffect } from 'react';
import { Button, Typography } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { CERT_MSG, type TemplateObjectKey, CERT_TEXT as T } from '@eo/contract';
import type { TemplateImage } from '../cert-form-values';
import type { Box, Boxes, Size } from '../placeholder-geometry';
import { PlaceholderInputs } from './PlaceholderInputs';
import type { CanvasLooks } from './TemplateCanvas';
import { TemplateUpload } from './TemplateUpload';
import { preloadable } from '../../../lib/preloadable';

// Konva and react-konva (the placeholder canvas) load after the form has rendered: not part of
// /certificate/create's first load (docs/performance.md).
const TemplateCanvas = preloadable(async () => (await import('./TemplateCanvas')).TemplateCanvas);

interface Props {
  template: TemplateImage | null;
  onTemplate: (t: TemplateImage) => void;
  boxes: Boxes | null;
  onBox: (key: TemplateObjectKey, box: Box) => void;
  onImageSize: (size: Size) => void;
  looks: CanvasLooks;
  disabled?: boolean;
  previewBusy: boolean;
  onPreview: () => void;
}

/** Right column: the template, the placeholder canvas with its numbers, and PREVIEW. */
export function TemplatePanel({ template, onTemplate, boxes, onBox, onImageSize, looks, disabled, previewBusy, onPreview }: Props) {
  const size = template?.size ?? null;
  useEffect(() => TemplateCanvas.preload(), []);
  return (
    <section className="cert-panel" aria-labelledby="cert-canvas-title">
      <Typography.Text strong className="cert-panel-label">{T.template}</Typography.Text>
      <TemplateUpload value={template} onChange={onTemplate} disabled={disabled} />
      <Typography.Title level={2} id="cert-canvas-title" className="cert-panel-title">{T.canvasTitle}</Typography.Title>
      {template ? (
        <>
          <TemplateCanvas url={template.url} size={size} boxes={boxes} looks={looks} disabled={disabled} onImageSize={onImageSize} onBox={onBox} />
          <Typography.Text type="secondary" className="cert-hint">{T.canvasHelp}</Typography.Text>
          {boxes && size && <PlaceholderInputs boxes={boxes} size={size} disabled={disabled} onBox={onBox} />}
        </>
      ) : (
        <div className="cert-canvas-empty">{T.canvasEmpty}</div>
      )}
      <Button icon={<EyeOutlined />} onClick={onPreview} loading={previewBusy} className="cert-preview-button">
        {previewBusy ? CERT_MSG.generatingPreview : T.previewButton}
      </Button>
    </section>
  );
}
