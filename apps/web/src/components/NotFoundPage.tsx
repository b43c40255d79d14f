import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/** The plain not-found page, also for screens that are not built yet. */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle="Halaman tidak ditemukan."
      extra={<Button type="primary" onClick={() => navigate('/')}>Kembali ke Dashboard</Button>}
    />
  );
}
