import { Center, Loader } from '@mantine/core';

/**
 * A page still loading. While one shows, the shell holds back what it places below the page (the
 * help box, AppLayout), which the page's content would otherwise push down when it arrives.
 */
export function PageLoader() {
  return (
    <Center py="xl" data-page-loading>
      <Loader aria-label="Loading" role="status" />
    </Center>
  );
}
