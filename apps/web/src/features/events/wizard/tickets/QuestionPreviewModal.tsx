import { Button, Checkbox, Input, Modal, Radio, Tag, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import type { QuestionDraft } from './question-form';
import { TICKET_TEXT as T } from '@eo/contract';

/** Participants may type up to 500 characters in a free-text answer (spec section 5). */
const ANSWER_MAX = 500;

/** A registration question as a participant sees it; nothing typed or chosen here is kept. */
export function QuestionPreviewModal({ question, onClose }: { question: QuestionDraft | null; onClose: () => void }) {
  return (
    <Modal
      // One way out, named the same in every locale (the corner X is named by antd's locale).
      title={T.previewTitle} open={question !== null} onCancel={onClose} destroyOnHidden closable={false}
      footer={<Button onClick={onClose}>{T.previewClose}</Button>}
    >
      {question && <QuestionPreview q={question} />}
    </Modal>
  );
}

function QuestionPreview({ q }: { q: QuestionDraft }) {
  const title = q.name.trim() || T.previewNoQuestion;
  const options = q.options.map((o, j) => ({ value: j, label: o || T.option(j + 1) }));
  const kinds = [...(q.accept.includes('pdf') ? [T.acceptPdf] : []), ...(q.accept.includes('image') ? [T.acceptImage] : [])];
  return (
    <div className="ticket-preview">
      <Tag className="ticket-preview-sample">{T.previewSample}</Tag>
      <Typography.Title level={5} className="ticket-preview-title">
        {title}
        {q.isRequired && <span className="ticket-required" aria-hidden> *</span>}
      </Typography.Title>
      {q.description.trim() && <Typography.Paragraph type="secondary">{q.description}</Typography.Paragraph>}
      {q.type === 'text' && <Input aria-label={title} maxLength={ANSWER_MAX} showCount />}
      {q.type === 'paragraph' && <Input.TextArea aria-label={title} maxLength={ANSWER_MAX} showCount rows={4} />}
      {q.type === 'radio' && <Radio.Group aria-label={title} className="ticket-preview-choices" options={options} />}
      {q.type === 'checkbox' && <Checkbox.Group aria-label={title} className="ticket-preview-choices" options={options} />}
      {(q.type === 'image' || q.type === 'file') && (
        // A look-alike only: disabled, so nothing is ever uploaded from the preview.
        <Upload.Dragger disabled beforeUpload={() => false} showUploadList={false} aria-label={T.previewSample}>
          <p className="ant-upload-drag-icon"><InboxOutlined /></p>
          <p className="ant-upload-text">{T.previewUpload}</p>
          <p className="ant-upload-hint">
            {q.type === 'image' ? T.previewImageKinds : T.previewFileKinds(kinds.join(', ') || '-')}
            {q.type === 'file' && q.maxFiles ? ` · ${T.previewMaxFiles(q.maxFiles)}` : ''}
          </p>
        </Upload.Dragger>
      )}
    </div>
  );
}
