import { Card, Statistic, Tag } from 'antd';
import { formatRupiah, WITHDRAWAL_MIN, type CoinAccount } from '@eo/contract';
import { PAYOUT_TEXT as T } from '../texts';

/**
 * "Siap ditarik" only when the balance can be withdrawn now: not while the server refuses (the
 * event is not over, it was deleted…, said beside the button) nor below the minimum.
 */
function statusOf(coin: CoinAccount): { label: string; color: string } {
  if (coin.status !== 'Not Processed') return { label: T.coinStatusLabel[coin.status] ?? coin.status, color: 'gold' };
  if (coin.withdrawalBlockedReason || coin.coinAmount < WITHDRAWAL_MIN) return { label: T.coinNotReady, color: 'default' };
  return { label: T.coinStatusLabel[coin.status], color: 'green' };
}

/** The event's withdrawable balance and the coin account status. */
export function BalanceCard({ coin }: { coin: CoinAccount }) {
  const status = statusOf(coin);
  return (
    <Card className="payout-card payout-balance">
      <Statistic title={T.balance} value={formatRupiah(coin.coinAmount)} />
      <div className="payout-balance-status">
        <span className="payout-muted">{T.coinStatus}</span>
        <Tag color={status.color}>{status.label}</Tag>
      </div>
    </Card>
  );
}
