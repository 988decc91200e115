import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PageLoading } from '../components/PageState';

/** /Loading: a neutral splash that continues to home (its original purpose is not shown in the spec). */
export default function LoadingPage() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate('/home', { replace: true }), 600);
    return () => clearTimeout(timer);
  }, [navigate]);
  return <PageLoading />;
}
