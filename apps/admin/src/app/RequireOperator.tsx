import type { ReactNode } from 'react';
import { Result, Spin } from 'antd';
import { Navigate } from 'react-router';
import { useMe } from '../lib/permissions';
import { useToken } from '../lib/session';

/**
 * Screens behind sign-in. Without a token the operator goes to sign-in; while the server says the one-time
 * password must still be changed, every screen but the password page sends them there (the server refuses
 * every other call anyway).
 */
export function RequireOperator({
  children,
  allowPasswordDue,
}: {
  children: ReactNode;
  allowPasswordDue?: boolean;
}) {
  const token = useToken();
  const me = useMe();
  if (!token) return <Navigate to="/login" replace />;
  if (me.isPending) {
    return (
      <div style={{ display: 'grid', placeItems: 'center', height: '100vh' }}>
        <Spin size="large" />
      </div>
    );
  }
  if (me.isError) return <Result status="error" title={me.error.message} />;
  if (me.data.must_change_password && !allowPasswordDue) return <Navigate to="/password" replace />;
  return <>{children}</>;
}
