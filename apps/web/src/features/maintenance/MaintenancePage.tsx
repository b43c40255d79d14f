import { App, Result, Spin, Typography } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { useMaintenance } from './api/get-maintenance';

/** Shows the status file's subtitle, description and ending; no menu (spec section 2, Layout). */
export function MaintenancePage() {
  const { data } = useMaintenance();
  return (
    // antd's App: the base text style that the dashboard has from its layout.
    <App>
      <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 24, background: '#f7f5ff' }}>
        {data ? (
          <Result
            icon={<ToolOutlined style={{ color: '#5b3cc4' }} />}
            title={<Typography.Title level={1} style={{ fontSize: 28, margin: 0 }}>{data.subtitle}</Typography.Title>}
            subTitle={<Typography.Paragraph style={{ fontSize: 16, maxWidth: 560, margin: '8px auto' }}>{data.description}</Typography.Paragraph>}
            extra={<Typography.Text type="secondary">{data.ending}</Typography.Text>}
          />
        ) : (
          <Spin size="large" />
        )}
      </main>
    </App>
  );
}
