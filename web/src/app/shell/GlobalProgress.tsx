import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { NavigationProgress, nprogress } from '@mantine/nprogress';
import { useEffect } from 'react';

/** Thin bar at the top while any query or mutation is in flight. */
export function GlobalProgress() {
  const busy = useIsFetching() + useIsMutating() > 0;
  useEffect(() => {
    if (busy) nprogress.start();
    else nprogress.complete();
  }, [busy]);
  return <NavigationProgress aria-label="Page loading progress" />;
}
