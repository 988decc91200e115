import { Button, Tooltip, type ButtonProps } from 'antd';

/**
 * Approving what another operator asked for (an adjustment, a large deposit match, a withdrawal's second
 * approval): two different people must agree, so the operator who asked sees the button disabled, with
 * `ownHint` saying why. The server refuses them regardless; the button only spares them the round trip.
 */
export function ApproveButton({
  own,
  ownHint,
  disabled,
  ...button
}: ButtonProps & { own: boolean; ownHint: string }) {
  return (
    <Tooltip title={own ? ownHint : undefined}>
      <Button type="primary" {...button} disabled={disabled || own} />
    </Tooltip>
  );
}
