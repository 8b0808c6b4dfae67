import './styles/firstScreen';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme';

const NoticeList = lazy(() => import('./NoticeList').then((m) => ({ default: m.NoticeList })));

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <Notices />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}

/**
 * The notices' renderer and its transitions load with the first notice, not with the sign-in page;
 * notices shown before it arrives wait in Mantine's store.
 */
function Notices() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <NoticeList />
    </Suspense>
  ) : null;
}
