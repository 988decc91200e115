import type { ReactNode } from 'react';
import { Form, Input, InputNumber, Switch, type FormRule } from 'antd';

/*
 * Labelled fields the console's forms repeat: each is a Form.Item around its input, so its id is the form's
 * name and its own as with any other field (the browser tests find fields by them).
 */

/** A whole number; `min` and `max` bound it as the server does. */
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

/**
 * A line of text. `required` is the message shown when it is left empty or only spaces; without it the field
 * may stay empty. `rules` adds further checks (a length or a format).
 */
export function TextField({
  name,
  label,
  required,
  rules = [],
  extra,
  maxLength,
  placeholder,
}: {
  name: string;
  label: ReactNode;
  required?: string;
  rules?: FormRule[];
  extra?: ReactNode;
  maxLength?: number;
  placeholder?: string;
}) {
  return (
    <Form.Item
      name={name}
      label={label}
      rules={required ? [{ required: true, whitespace: true, message: required }, ...rules] : rules}
      extra={extra}
    >
      <Input maxLength={maxLength} placeholder={placeholder} />
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
