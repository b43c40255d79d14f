import type { ModalFuncProps } from 'antd';
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

/**
 * The preview as a dialog of the App's `modal` (antd's Modal component would bring its own
 * chunk split into every dashboard route's first load; docs/performance.md, Web).
 */
export const previewDialog = (preview: MessagePreview, title: string = T.previewTitle): ModalFuncProps => ({
  title, content: <PreviewView preview={preview} />, icon: null, width: 640, maskClosable: true, closable: true,
});
