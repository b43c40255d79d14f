import { Card, Statistic, Tag } from 'antd';
import { formatRupiah, type CoinAccount } from '@eo/contract';
import { PAYOUT_TEXT as T } from '../texts';

/** The event's withdrawable balance and the coin account status. */
export function BalanceCard({ coin }: { coin: CoinAccount }) {
  return (
    <Card className="payout-card payout-balance">
      <Statistic title={T.balance} value={formatRupiah(coin.coinAmount)} />
      <div className="payout-balance-status">
        <span className="payout-muted">{T.coinStatus}</span>
        <Tag color={coin.status === 'Not Processed' ? 'green' : 'gold'}>{T.coinStatusLabel[coin.status] ?? coin.status}</Tag>
      </div>
    </Card>
  );
}
