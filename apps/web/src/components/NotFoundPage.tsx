import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { LAYOUT_TEXT } from '@eo/contract';

/** The plain not-found page, also for screens that are not built yet. */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={LAYOUT_TEXT.notFound}
      extra={<Button type="primary" onClick={() => navigate('/')}>{LAYOUT_TEXT.backToDashboard}</Button>}
    />
  );
}
