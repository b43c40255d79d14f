import { Alert, Button, Descriptions, Modal, Spin } from 'antd';
import { formatRupiah, WITHDRAWAL_STATUS_LABELS, type Receipt } from '@eo/contract';
import { errorText } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useReceipt } from '../api/get-receipt';
import { PAYOUT_TEXT as T } from '../texts';

const R = T.receipt;

function items(r: Receipt) {
  return [
    { key: 'ref', label: R.reference, children: r.referenceId },
    { key: 'event', label: R.event, children: r.eventName },
    { key: 'created', label: R.createdAt, children: formatDateTime(r.createdAt) },
    { key: 'sent', label: R.sentAt, children: r.sentAt ? formatDateTime(r.sentAt) : T.none },
    { key: 'status', label: R.status, children: WITHDRAWAL_STATUS_LABELS[r.status] },
    { key: 'sales', label: R.totalSales, children: formatRupiah(r.totalSales) },
    { key: 'fee', label: R.paymentFee, children: formatRupiah(r.paymentFee) },
    { key: 'net', label: R.totalCleanReception, children: formatRupiah(r.totalCleanReception) },
    { key: 'amount', label: R.amount, children: <strong>{formatRupiah(r.amount)}</strong> },
    { key: 'bank', label: R.bankName, children: r.bankAccount.bankName },
    { key: 'number', label: R.accountNumber, children: r.bankAccount.accountNumber },
    { key: 'holder', label: R.accountName, children: r.bankAccount.accountName },
  ];
}

/** Bukti Penarikan of one withdrawal; `transactionId` is its referenceId, null while closed. */
export function ReceiptModal({ transactionId, onClose }: { transactionId: string | null; onClose: () => void }) {
  const receipt = useReceipt(transactionId);
  return (
    <Modal
      open={transactionId !== null} title={T.receiptTitle} onCancel={onClose} destroyOnHidden
      footer={<Button onClick={onClose}>{T.close}</Button>}
    >
      {receipt.isPending && <Spin className="payout-spin" />}
      {receipt.error && <Alert type="error" showIcon title={errorText(receipt.error)} />}
      {receipt.data && <Descriptions column={1} size="small" bordered items={items(receipt.data)} className="payout-receipt" />}
    </Modal>
  );
}
