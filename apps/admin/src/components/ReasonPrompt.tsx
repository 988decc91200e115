import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

type Ask = {
  title: ReactNode;
  /** Shown above the reason: what will happen. */
  description?: ReactNode;
  danger?: boolean;
  /** Runs with the reason; a thrown ApiError keeps the dialog open with the server's message in it. */
  run: (reason: string) => Promise<unknown>;
};

/**
 * Every write that changes a player, money or access asks why; the reason goes to the audit log. The dialog
 * stays open on failure and shows the server's message, so a refused action (403, validation) is visible
 * where the operator acted.
 */
export function useReasonPrompt(): [(ask: Ask) => void, ReactNode] {
  const { t } = useTranslation();
  const [ask, setAsk] = useState<Ask | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const current = useRef<Ask | null>(null);

  const open = useCallback(
    (next: Ask) => {
      current.current = next;
      form.resetFields();
      setError(null);
      setAsk(next);
    },
    [form],
  );

  const submit = async () => {
    // An invalid form shows its message beside the field; nothing is sent.
    const values = await form.validateFields().catch(() => null);
    if (!values || !current.current) return;
    const { reason } = values;
    setBusy(true);
    setError(null);
    try {
      await current.current.run(reason.trim());
      setAsk(null);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const holder = (
    <Modal
      open={Boolean(ask)}
      title={ask?.title}
      okText={t('common.confirm')}
      okButtonProps={{ danger: ask?.danger, loading: busy }}
      onOk={submit}
      onCancel={() => setAsk(null)}
      destroyOnHidden
    >
      {ask?.description && <div style={{ marginBottom: 12 }}>{ask.description}</div>}
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} role="alert" />}
      <Form form={form} layout="vertical" name="reason">
        <Form.Item
          name="reason"
          label={t('common.reason')}
          rules={[
            { required: true, whitespace: true, message: t('common.reasonRequired') },
            { max: 256, message: t('common.reasonTooLong') },
          ]}
        >
          <Input.TextArea rows={3} maxLength={256} showCount placeholder={t('common.reasonPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
  return [open, holder];
}
