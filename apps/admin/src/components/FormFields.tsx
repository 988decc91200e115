import type { ReactNode } from 'react';
import { Form, Input, InputNumber, Switch, type FormRule } from 'antd';

/*
 * The labelled fields the console's forms repeat, each a Form.Item around its input (found by the form's
 * name and the field's, like any other).
 */

/** A whole number, bounded as the server bounds it. */
export function NumberField({
  name,
  label,
  min,
  max,
  required,
}: {
  name: string;
  label: ReactNode;
  min?: number;
  max?: number;
  required?: boolean;
}) {
  return (
    <Form.Item name={name} label={label} rules={required ? [{ required: true }] : undefined}>
      <InputNumber min={min} max={max} />
    </Form.Item>
  );
}

/** An amount or a rate as the decimal string the server takes, typed as text so that no float rounds it. */
export function DecimalField({ name, label, rules }: { name: string; label: ReactNode; rules?: FormRule[] }) {
  return (
    <Form.Item name={name} label={label} rules={rules}>
      <Input inputMode="decimal" />
    </Form.Item>
  );
}

/** A setting that is on or off. */
export function SwitchField({ name, label }: { name: string; label: ReactNode }) {
  return (
    <Form.Item name={name} label={label} valuePropName="checked">
      <Switch />
    </Form.Item>
  );
}
