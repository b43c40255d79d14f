import { BROADCAST_TEXT as T, fill, type MessagePreview } from '@eo/contract';

/**
 * A mail as its recipient sees it: the server's HTML only inside a sandboxed frame (no script,
 * no same origin, no forms), never in the page itself.
 */
export function PreviewView({ preview }: { preview: MessagePreview }) {
  return (
    <div className="messages-preview">
      <p className="messages-preview-subject">{preview.subject}</p>
      <p className="messages-muted">{preview.sample ? fill(T.previewSample, { name: preview.sample }) : T.previewNoSample}</p>
      <iframe className="messages-preview-frame" title={T.previewTitle} sandbox="" srcDoc={preview.html} referrerPolicy="no-referrer" />
    </div>
  );
}
