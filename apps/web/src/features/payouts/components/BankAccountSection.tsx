import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { bankName, MSG, WITHDRAW_MSG, WITHDRAW_OWN_MSG, type BankAccountInput, type CoinAccount } from '@eo/contract';
import { saveErrorText } from '../../../lib/api-client';
import { useSavedBankAccounts } from '../api/get-saved-bank-accounts';
import { useSaveBankAccount, type BankAccountChoice } from '../api/save-bank-account';
import { PAYOUT_TEXT as T } from '../texts';
import { BankAccountForm } from './BankAccountForm';
import { SavedBankAccountPicker } from './SavedBankAccountPicker';

/**
 * Spec section 4: the account cannot change while a withdrawal is under way (the coin account is
 * processing, or a request waits for its code or its transfer); the API refuses it with 409 too.
 * The status is derived from the open withdrawal, so no refusal text needs reading here.
 */
export const bankEditLocked = (coin: CoinAccount) => coin.status !== 'Not Processed' || coin.verification !== null;

/** The saved account with an edit button, or the form when none is saved yet. */
export function BankAccountSection({ eventId, coin }: { eventId: string; coin: CoinAccount }) {
  const { message } = App.useApp();
  const [editing, setEditing] = useState(false);
  const save = useSaveBankAccount(eventId, coin._id);
  const saved = coin.bankAccount;
  const locked = bankEditLocked(coin);

  const onSave = (choice: BankAccountChoice) =>
    save.mutate(choice, {
      onSuccess: () => {
        message.success(WITHDRAW_OWN_MSG.bankSaved);
        setEditing(false);
      },
      // The spec's toast, then why (e.g. the 409 while a withdrawal is being requested).
      onError: (err) => message.error(`${WITHDRAW_MSG.addBankFailed}: ${saveErrorText(err, MSG.somethingWentWrong)}`),
    });

  const showForm = !saved || (editing && !locked);
  // Accounts saved on the organizer's other events, offered while the form is open (still stored per event).
  const others = (useSavedBankAccounts(showForm).data ?? []).filter((a) => a.fromEoCoinId !== coin._id);
  return (
    <Card
      title={T.bankTitle} className="payout-card"
      extra={saved && !showForm ? <Button icon={<EditOutlined />} disabled={locked} onClick={() => setEditing(true)}>{T.editBank}</Button> : null}
    >
      {locked && <Alert type="info" showIcon title={WITHDRAW_MSG.editBlocked} className="payout-note" role="note" />}
      {showForm ? (
        <>
          <SavedBankAccountPicker accounts={others} saving={save.isPending} onPick={(fromEoCoinId) => onSave({ fromEoCoinId })} />
          <BankAccountForm
            initial={saved} saving={save.isPending} onSave={(bankAccount: BankAccountInput) => onSave({ bankAccount })}
            onCancel={saved ? () => setEditing(false) : undefined}
          />
        </>
      ) : saved ? (
        <Descriptions column={1} size="small" items={[
          { key: 'bank', label: T.bank, children: bankName(saved.bankCode) ?? saved.bankCode },
          { key: 'name', label: T.accountName, children: saved.accountName },
          { key: 'number', label: T.accountNumber, children: saved.accountNumber },
        ]} />
      ) : null}
    </Card>
  );
}
