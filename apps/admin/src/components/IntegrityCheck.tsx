import type { CSSProperties, ReactNode } from 'react';
import { Alert, Button } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useCan, type RouteKey } from '../lib/permissions';
import { QueryError } from './ui';
import { useSendOnce } from './QuickSave';

/** What a check found: whether everything holds, in a sentence, and the details when it does not. */
type Verdict = { ok: boolean; message: ReactNode; description?: ReactNode };

/**
 * A check the operator runs on demand over data that must never be wrong (the ledger's invariants, the
 * audit log's hash chain): its button, disabled without the permission to run it, and its result, the
 * verdict in green or red or a failed run in the server's words. They are returned apart, as `button` and
 * `result`, because screens place them apart (the button in a head, the result above what it checked).
 */
export function useIntegrityCheck<R>({
  run,
  route,
  label,
  verdict,
  testId,
  style,
}: {
  run: () => Promise<R>;
  route: RouteKey;
  label: ReactNode;
  verdict: (result: R) => Verdict;
  /** The result's test id, for the browser tests. */
  testId?: string;
  style?: CSSProperties;
}) {
  const can = useCan();
  const check = useSendOnce({ mutationFn: run });
  const found = check.data === undefined ? null : verdict(check.data);
  return {
    button: (
      <Button
        icon={<SafetyCertificateOutlined />}
        loading={check.isPending}
        disabled={!can(route)}
        onClick={() => check.mutate()}
      >
        {label}
      </Button>
    ),
    result: (
      <>
        <QueryError error={check.error} />
        {found && (
          <Alert
            style={style}
            type={found.ok ? 'success' : 'error'}
            showIcon
            data-testid={testId}
            message={found.message}
            description={found.description}
          />
        )}
      </>
    ),
  };
}
