import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { Title } from '@mantine/core';
import { useLogout } from './api';

export function LogoutPage() {
  const navigate = useNavigate();
  const { mutate } = useLogout();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) });
  }, [mutate, navigate]);

  return (
    <>
      <Title order={1} size="h3">
        Signing out
      </Title>
      <PageLoader />
    </>
  );
}
