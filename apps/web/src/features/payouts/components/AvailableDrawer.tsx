import { useState } from 'react';
import { Alert, Button, Card, Drawer, Empty, Spin, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { formatRupiah, type AvailableWithdrawal } from '@eo/contract';
import { errorText } from '../../../lib/api-client';
import { formatLongDate } from '../../../lib/dates';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useAvailableWithdrawals } from '../api/get-available-withdrawals';
import { PAYOUT_TEXT as T } from '../texts';

function EventItem({ e }: { e: AvailableWithdrawal }) {
  return (
    <Card size="small" className="payout-available">
      {e.imageUrl ? <img src={e.imageUrl} alt="" className="payout-available-img" /> : <div className="payout-available-img" />}
      <div className="payout-available-body">
        <Typography.Text strong className="payout-available-name">{e.name}</Typography.Text>
        <Typography.Text type="secondary">{T.lastEvent}: {e.lastEventAt ? formatLongDate(e.lastEventAt) : T.none}</Typography.Text>
        <Typography.Text>{T.available}: <strong>{formatRupiah(e.coinAmount)}</strong></Typography.Text>
        <Link to={`/event/${e._id}/withdrawal`} aria-label={`${T.withdrawLink} ${e.name}`}>{T.withdrawLink}</Link>
      </div>
    </Card>
  );
}

/** The events whose revenue can be withdrawn now, each linking to its withdrawal page. */
export function AvailableDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const isMobile = useIsMobile();
  const list = useAvailableWithdrawals(page, open);
  const pages = list.data?.totalPages ?? 0;

  return (
    <Drawer open={open} onClose={onClose} title={T.drawerTitle} size={isMobile ? '100%' : 480} destroyOnHidden>
      {list.error && <Alert type="error" showIcon title={errorText(list.error)} />}
      <Spin spinning={list.isFetching}>
        {list.data && list.data.docs.length === 0 ? (
          <Empty description={T.noAvailable} />
        ) : (
          <ul className="payout-available-list" aria-label={T.drawerTitle}>
            {list.data?.docs.map((e) => <li key={e._id}><EventItem e={e} /></li>)}
          </ul>
        )}
      </Spin>
      {pages > 1 && (
        <div className="payout-paging">
          <Button icon={<LeftOutlined />} disabled={page <= 1} onClick={() => setPage(page - 1)}>{T.prev}</Button>
          <Typography.Text>{page} / {pages}</Typography.Text>
          <Button disabled={page >= pages} onClick={() => setPage(page + 1)}>{T.next} <RightOutlined /></Button>
        </div>
      )}
    </Drawer>
  );
}
