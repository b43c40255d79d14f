import { useEffect } from 'react';
import { vi } from 'vitest';
import type { Size } from './placeholder-geometry';

/** Konva needs a real canvas: the form tests get a stand-in that reports the template size. */
export function FakeCanvas({ onImageSize }: { onImageSize: (s: Size) => void }) {
  // Once, as the real canvas reports once per loaded image.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => onImageSize({ width: 2000, height: 1414 }), []);
  return <div data-testid="template-canvas" />;
}

/** Uploads answer at once; images measure landscape unless a test says otherwise. */
export const uploadMocks = {
  uploadFile: vi.fn(async (docType: string, file: File) => (docType === 'CSV' ? `/files/csv/${file.name}` : `/files/templates/${file.name}`)),
  imageSize: vi.fn(async (): Promise<Size | null> => ({ width: 2000, height: 1414 })),
};
