import { Modal, Radio, Typography } from 'antd';

interface Props<V extends string> {
  title: string;
  label: string;
  open: boolean;
  value: V;
  options: { value: V; label: string }[];
  onChange: (value: V) => void;
  /** Applies the chosen value. */
  onApply: () => void;
  /** Back to the default and closed. */
  onReset: () => void;
  onClose: () => void;
  applyText: string;
  resetText: string;
}

/** A single-choice dialog (the mobile list's Filter and Sort). */
export function ChoiceDialog<V extends string>(p: Props<V>) {
  return (
    <Modal
      title={p.title} open={p.open} onCancel={p.onClose} okText={p.applyText} cancelText={p.resetText}
      onOk={p.onApply} cancelButtonProps={{ onClick: p.onReset }}
    >
      <Typography.Text strong>{p.label}</Typography.Text>
      <Radio.Group value={p.value} onChange={(e) => p.onChange(e.target.value)} className="dialog-options" aria-label={p.label}>
        {p.options.map((o) => <Radio key={o.value} value={o.value}>{o.label}</Radio>)}
      </Radio.Group>
    </Modal>
  );
}
