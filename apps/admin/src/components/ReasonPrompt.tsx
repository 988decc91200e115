import { useState, type ReactNode } from 'react';
import { Form, Input, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from './FormModal';

/** A required text field's rules: not empty, not only spaces, and at most `max` characters. */
export const requiredTextRules = (required: string, max: number, tooLong: string): FormRule[] => [
  { required: true, whitespace: true, message: required },
  { max, message: tooLong },
];

/**
 * The reason an audited write asks for: required, not only spaces, and at most 256 characters (what the
 * audit log keeps); callers trim it before sending. Where the dialog has other fields it is `compact`: two
 * lines and no counter.
 */
export function ReasonField({ compact }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="reason"
      label={t('common.reason')}
      rules={requiredTextRules(t('common.reasonRequired'), 256, t('common.reasonTooLong'))}
    >
      <Input.TextArea
        rows={compact ? 2 : 3}
        maxLength={256}
        showCount={!compact}
        placeholder={t('common.reasonPlaceholder')}
      />
    </Form.Item>
  );
}

type Ask = {
  title: ReactNode;
  /** Shown above the reason: what will happen. */
  description?: ReactNode;
  danger?: boolean;
  /** Runs with the trimmed reason; a thrown ApiError keeps the dialog open with the server's message in it. */
  run: (reason: string) => Promise<unknown>;
};

/**
 * Every write that changes a player, money or access asks why; the reason goes to the audit log. The dialog
 * stays open on failure and shows the server's message, so a refused action (403, validation) is visible
 * where the operator acted; on success the console's reads are refreshed, so the screen shows the change.
 */
export function useReasonPrompt(): [(ask: Ask) => void, ReactNode] {
  const [ask, setAsk] = useState<Ask | null>(null);
  const holder = ask && (
    <FormModal<{ reason: string }>
      name="reason"
      title={ask.title}
      description={ask.description}
      danger={ask.danger}
      submit={({ reason }) => ask.run(reason.trim())}
      onClose={() => setAsk(null)}
    >
      <ReasonField />
    </FormModal>
  );
  return [setAsk, holder];
}
