import { Button, Result } from 'antd';
import { CalendarOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { ListGroup } from '../list-params';
import { LIST_TEXT as T } from '@eo/contract';
import { useCan } from '../../../lib/use-can';

/** No events at all in this group: say so and invite the organizer to create one. */
export function EmptyEvents({ group }: { group: ListGroup }) {
  const navigate = useNavigate();
  const mayCreate = useCan('events.write');
  return (
    <Result
      icon={<CalendarOutlined style={{ color: '#5b3cc4' }} />}
      title={T.empty[group]}
      subTitle={T.emptyInvite}
      extra={mayCreate && <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/event/create')}>{T.create}</Button>}
    />
  );
}
