import { cloneElement, createContext, isValidElement, useContext, type ReactElement, type ReactNode } from 'react';
import { Form, type FormInstance, type FormItemProps } from 'antd';
import type { Rule } from 'antd/es/form';
import type { IssueContext, LockKey } from '@eo/contract';
import { formIssues, namePath } from './wizard-issues';
import type { WizardValues } from './wizard-values';

export interface WizardContextValue {
  form: FormInstance<WizardValues>;
  /** Today's WIB date and the stored categories (whose locked dates are not judged against it). */
  issueCtx: IssueContext;
  /** Locked parts with the reason (editing a submitted event). */
  locks: Partial<Record<LockKey, string>>;
  /** The event being edited, if any. */
  eventId: string | null;
  /** Editing an existing event (Pertukaran Pelajar is offered only then). */
  editing: boolean;
}

const WizardContext = createContext<WizardContextValue | null>(null);
export const WizardProvider = ({ value, children }: { value: WizardContextValue; children: ReactNode }) => (
  <WizardContext.Provider value={value}>{children}</WizardContext.Provider>
);

export function useWizard(): WizardContextValue {
  const ctx = useContext(WizardContext);
  if (!ctx) throw new Error('useWizard outside the wizard');
  return ctx;
}

/** The antd rule of one field: the first contract message for it, judged on the whole form. */
export function contractRule(form: FormInstance<WizardValues>, ctx: IssueContext, field: string): Rule {
  return {
    validator: async () => {
      const message = formIssues(form.getFieldsValue(true) as WizardValues, ctx).get(field)?.[0];
      if (message) throw new Error(message);
    },
  };
}

/**
 * For controls that set the form themselves because a change has consequences (clearing
 * tickets, eligibility ticks): the item neither injects the value nor hooks onChange.
 */
export const SELF_MANAGED = { valuePropName: 'data-value', trigger: 'data-trigger', validateTrigger: [] as string[] };

/** Binds a field whose value other controls edit, so its message has a place (with `noStyle`, in the parent item). */
export const NoControl = (_: { value?: unknown }) => null;

type FieldProps = Omit<FormItemProps, 'name' | 'rules'> & {
  field: string;
  /** A lock that disables the control and says why. */
  lock?: LockKey;
  /** Extra rules (the twibbon key's availability). */
  extraRules?: Rule[];
  children: ReactNode;
};

/** A form item bound to a wizard field, validated by the contract, disabled when locked. */
export function Field({ field, lock, extraRules = [], children, extra, ...item }: FieldProps) {
  const { form, issueCtx, locks } = useWizard();
  const reason = lock ? locks[lock] : undefined;
  const control = reason && isValidElement(children) ? cloneElement(children as ReactElement<{ disabled?: boolean }>, { disabled: true }) : children;
  return (
    <Form.Item name={namePath(field)} rules={[contractRule(form, issueCtx, field), ...extraRules]} extra={reason ?? extra} {...item}>
      {control}
    </Form.Item>
  );
}
