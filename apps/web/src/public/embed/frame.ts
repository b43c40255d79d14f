/**
 * The embedded form's frame (`/e/{id}/embed` and the e-ticket it shows after registering): tells
 * the page that frames it how tall its content is, at load and at every change (a ticket's
 * questions shown, an error line, the e-ticket), so the host's `/embed.js` sizes the frame and
 * no scroll bar of its own shows. Only a height is sent, so any origin may receive it.
 */
import { EMBED_MESSAGE_TYPE } from '@eo/contract';

if (window.parent !== window) {
  let last = 0;
  const report = () => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    window.parent.postMessage({ type: EMBED_MESSAGE_TYPE, height }, '*');
  };
  new ResizeObserver(report).observe(document.body);
  window.addEventListener('load', report);
  report();
}
