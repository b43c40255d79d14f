/**
 * `{PUBLIC_URL}/embed.js`, the host page's script (API.md, Integrations):
 *
 *   <script src="https://…/embed.js" data-event="{eventId}"></script>
 *
 * puts the event's registration form (`/e/{id}/embed`) in a frame right after the script tag,
 * as wide as the place it is in, and as tall as its content says through postMessage: only
 * messages from our origin and from that very frame are heard. `data-ref` passes a tracking
 * link's code on; `data-title` names the frame for screen readers. Built as a classic script
 * (an IIFE: nothing leaks into the host's globals), small enough to load anywhere.
 */
import { EMBED_MESSAGE_TYPE, EMBED_TEXT, embedPath, TRACKING_REF_PARAM } from '@eo/contract';

/** The tallest a frame gets, whatever a message says. */
const MAX_HEIGHT = 20_000;

function mount(script: HTMLScriptElement) {
  const eventId = script.dataset.event;
  if (!eventId || script.dataset.mounted) return;
  script.dataset.mounted = '1';
  const origin = new URL(script.src, location.href).origin;
  const src = new URL(embedPath(eventId), origin);
  if (script.dataset.ref) src.searchParams.set(TRACKING_REF_PARAM, script.dataset.ref);
  const frame = document.createElement('iframe');
  frame.src = src.href;
  frame.title = script.dataset.title || EMBED_TEXT.frameTitle;
  // A starting height until the frame says its own; no border, the host's width.
  frame.style.cssText = 'display:block;width:100%;max-width:100%;height:640px;border:0;overflow:hidden;color-scheme:light';
  script.after(frame);
  window.addEventListener('message', (event: MessageEvent) => {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    const data = event.data as { type?: unknown; height?: unknown } | null;
    if (!data || data.type !== EMBED_MESSAGE_TYPE || typeof data.height !== 'number' || !Number.isFinite(data.height)) return;
    frame.style.height = `${Math.min(Math.max(Math.ceil(data.height), 80), MAX_HEIGHT)}px`;
  });
}

const current = document.currentScript;
if (current instanceof HTMLScriptElement) mount(current);
