import { Button, Space } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { PARTICIPANTS, PARTICIPANT_TEXT as T, type AnswerFile, type Registrant } from '@eo/contract';
import { endpointUrl } from '../../../../lib/api-call';
import { useDownload } from './use-download';

/**
 * A registrant's answer to one question as a table cell: its text, or its uploaded files as
 * buttons. The files open through the event's participants (every member who may read them,
 * whatever the registration's status), with the caller's token.
 */
export function useAnswerCell(eventId: string) {
  const { busy: opening, download } = useDownload<string>();
  const openFile = (file: AnswerFile) =>
    download(file.fileId, endpointUrl(PARTICIPANTS.answerFile, { params: { id: eventId, fileId: file.fileId } }), file.name ?? T.file);
  return (r: Registrant, questionId: string) => {
    const step = r.userRegisteredStep.find((s) => s.questionId === questionId);
    if (!step?.files?.length) return step?.result || '-';
    return (
      <Space size={0} wrap>
        {step.files.map((f) => (
          <Button key={f.fileId} type="link" size="small" icon={<PaperClipOutlined />} loading={opening === f.fileId} onClick={() => openFile(f)}>
            {f.name ?? T.file}
          </Button>
        ))}
      </Space>
    );
  };
}
