import type { ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ignoreInvalid, QueryError } from './ui';
import { useSendOnce } from './QuickSave';

type FormModalProps<V> = {
  title: ReactNode;
  /** The form's name, which prefixes its fields' ids (the browser tests find fields by them). */
  name: string;
  /** Shown above the form: what the write will do, or what it is about. */
  description?: ReactNode;
  initialValues?: Partial<V>;
  /** For a dialog that reads or sets its fields itself (an upload fills in the image path). */
  form?: FormInstance<V>;
  onValuesChange?: (changed: Partial<V>, values: V) => void;
  okText?: ReactNode;
  danger?: boolean;
  width?: number;
  /** Sends the valid values. */
  submit: (values: V) => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
};

/**
 * A dialog around a form that writes. OK checks the form first (an invalid one shows its messages beside
 * the fields and sends nothing), then sends it; on success the console's reads are refreshed and the dialog
 * closes, on failure it stays open with the server's message above the form, where the operator acted.
 *
 * Render it only while it is open: each opening then starts from the initial values with no old message.
 */
export function FormModal<V extends object>({
  title,
  name,
  description,
  initialValues,
  form: given,
  onValuesChange,
  okText,
  danger,
  width,
  submit,
  onClose,
  children,
}: FormModalProps<V>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<V>(given);
  const send = useSendOnce({
    mutationFn: async (values: V) => {
      await submit(values);
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onSuccess: onClose,
  });
  return (
    <Modal
      open
      title={title}
      width={width}
      okText={okText ?? t('common.confirm')}
      okButtonProps={{ danger, loading: send.isPending }}
      onOk={() => form.validateFields().then((values) => send.mutate(values), ignoreInvalid)}
      onCancel={onClose}
    >
      {description && <div style={{ marginBottom: 12 }}>{description}</div>}
      <QueryError error={send.error} />
      <Form<V>
        form={form}
        layout="vertical"
        name={name}
        initialValues={initialValues}
        onValuesChange={onValuesChange}
      >
        {children}
      </Form>
    </Modal>
  );
}
