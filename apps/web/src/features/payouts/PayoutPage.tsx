import { useState } from 'react';
import { Alert, Button, Typography } from 'antd';
import { WalletOutlined } from '@ant-design/icons';
import { WITHDRAW_OWN_MSG } from '@eo/contract';
import { AvailableDrawer } from './components/AvailableDrawer';
import { WithdrawalHistory } from './components/WithdrawalHistory';
import { PAYOUT_TEXT as T } from './texts';
import './payouts.css';

/** `/payout` (Penarikan Saldo): the events to withdraw from, in a drawer, and every withdrawal. */
export function PayoutPage() {
  const [drawer, setDrawer] = useState(false);
  return (
    <div className="payout-page">
      <header className="payout-head">
        <Typography.Title level={1} className="payout-title">{T.payoutTitle}</Typography.Title>
        <Button type="primary" icon={<WalletOutlined />} onClick={() => setDrawer(true)}>{T.openDrawer}</Button>
      </header>
      <Alert type="info" showIcon title={WITHDRAW_OWN_MSG.promise} className="payout-note" role="note" />
      <WithdrawalHistory />
      <AvailableDrawer open={drawer} onClose={() => setDrawer(false)} />
    </div>
  );
}
