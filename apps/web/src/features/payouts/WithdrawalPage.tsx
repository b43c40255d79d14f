import { useState } from 'react';
import { Alert, Breadcrumb, Button, Spin, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { EVENT_NAME_BREADCRUMB_MAX, formatRupiah, WITHDRAW_OWN_MSG, type VerificationState } from '@eo/contract';
import { errorText } from '../../lib/api-client';
import { cutText } from '../../lib/text';
import { useCoinAccount } from './api/get-coin-account';
import { BalanceCard } from './components/BalanceCard';
import { BankAccountSection } from './components/BankAccountSection';
import { VerificationModal } from './components/VerificationModal';
import { WithdrawalForm } from './components/WithdrawalForm';
import { preloadable } from '../../lib/preloadable';
import { PAYOUT_TEXT as T } from './texts';
import './payouts.css';

// Below the form, with antd's Table: loaded after the page has rendered, not part of the
// route's first load (docs/performance.md).
const LIST_PATH = { active: '/event', history: '/event/history', draft: '/event/draft' } as const;

const WithdrawalHistory = preloadable(async () => (await import('./components/WithdrawalHistory')).WithdrawalHistory);

/** `/event/{id}/withdrawal` (Tarik Penjualan): balance, bank account, request + code step, history. */
export function WithdrawalPage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const coinQuery = useCoinAccount(id);
  const coin = coinQuery.data;
  // The open code step; set by a fresh request or reopened from the account's waiting request.
  const [verification, setVerification] = useState<VerificationState | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['payouts'] });

  return (
    <div className="payout-page">
      <Breadcrumb
        aria-label="breadcrumb"
        items={[
          ...(coin ? [
            { title: <Link to={LIST_PATH[coin.eventList]}>{T.crumbs.root}</Link> },
            { title: <Link to={LIST_PATH[coin.eventList]}>{T.crumbs[coin.eventList]}</Link> },
            { title: <Link to={`/event/${coin.eventList}/overview/${id}`}>{cutText(coin.eventName, EVENT_NAME_BREADCRUMB_MAX)}</Link> },
          ] : [{ title: T.crumbs.root }]),
          { title: T.withdrawalTitle },
        ]}
      />
      <header className="payout-head">
        <Typography.Title level={1} className="payout-title">{T.withdrawalTitle}</Typography.Title>
      </header>
      <Alert type="info" showIcon title={WITHDRAW_OWN_MSG.promise} className="payout-note" role="note" />
      {coinQuery.isPending && <Spin size="large" className="payout-spin" />}
      {coinQuery.error && <Alert type="error" showIcon title={T.loadFailed} description={errorText(coinQuery.error)} />}
      {coin && (
        <>
          {coin.verification && !verification && (
            <Alert
              type="warning" showIcon className="payout-note" title={T.waiting(formatRupiah(coin.verification.amount))}
              description={<Button type="primary" size="small" onClick={() => setVerification(coin.verification)}>{T.enterCode}</Button>}
            />
          )}
          {/* The bank account comes before the request that sends money to it: in the DOM and on phones
              (one column); on wider screens it stands beside the balance and the request. */}
          <div className="payout-grid">
            <div className="payout-area-balance"><BalanceCard coin={coin} /></div>
            <div className="payout-area-bank"><BankAccountSection eventId={id} coin={coin} /></div>
            <div className="payout-area-request"><WithdrawalForm coin={coin} onCodeSent={setVerification} /></div>
          </div>
          {verification && (
            <VerificationModal
              eoCoinId={coin._id} state={verification} onState={setVerification}
              onClose={() => setVerification(null)} onSettled={refresh}
            />
          )}
        </>
      )}
      <WithdrawalHistory eventId={id} />
    </div>
  );
}
