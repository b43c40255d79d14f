import { useState } from 'react';
import { Button, Select, Space } from 'antd';
import { bankName, type SavedBankAccount } from '@eo/contract';
import { PAYOUT_TEXT as T } from '../texts';

interface Props {
  accounts: SavedBankAccount[];
  saving: boolean;
  onPick: (fromEoCoinId: string) => void;
}

/** The organizer's accounts saved on other events (masked), to reuse one instead of typing it again. */
export function SavedBankAccountPicker({ accounts, saving, onPick }: Props) {
  const [chosen, setPicked] = useState<string>();
  if (!accounts.length) return null;
  // The newest saved account until another is chosen; saving still takes a click.
  const picked = accounts.some((a) => a.fromEoCoinId === chosen) ? chosen : accounts[0].fromEoCoinId;
  return (
    <div className="payout-saved-banks">
      <label htmlFor="payout-saved-bank" className="payout-saved-label">{T.savedBanks}</label>
      <Space.Compact className="payout-saved-row">
        <Select
          id="payout-saved-bank" value={picked} onChange={setPicked} placeholder={T.savedBanksPlaceholder} className="payout-saved-select"
          options={accounts.map((a) => ({
            value: a.fromEoCoinId,
            label: `${bankName(a.bankCode) ?? a.bankCode} ${a.accountNumberMasked} · ${a.accountName}`,
          }))}
        />
        <Button type="primary" disabled={!picked} loading={saving} onClick={() => picked && onPick(picked)}>{T.useSavedBank}</Button>
      </Space.Compact>
      <p className="payout-muted payout-saved-or">{T.orNewBank}</p>
    </div>
  );
}
