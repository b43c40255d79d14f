import { useEffect, useState } from 'react';

/** The template as a loaded HTMLImageElement (for Konva), null while loading or failed. */
export function useTemplateImage(url: string | null, onSize?: (size: { width: number; height: number }) => void) {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  useEffect(() => {
    setImage(null);
    if (!url) return;
    let live = true;
    const img = new window.Image();
    img.onload = () => {
      if (!live) return;
      setImage(img);
      onSize?.({ width: img.naturalWidth, height: img.naturalHeight });
    };
    img.src = url;
    return () => {
      live = false;
    };
    // onSize is read when the image arrives; a new callback alone must not reload it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url]);
  return image;
}

/** Width of an element, followed as the layout changes. */
export function useElementWidth(el: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!el) return;
    setWidth(el.clientWidth);
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, [el]);
  return width;
}
