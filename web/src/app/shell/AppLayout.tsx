import { Anchor, AppShell, Box, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Suspense, lazy, useEffect } from 'react';
import { Link, Outlet, matchPath, useLocation } from 'react-router';
import { useClientSeat } from '../../lib/clientSeat';
import { useCurrentUser } from '../../lib/session';
import { Footer } from './Footer';
import { GlobalProgress } from './GlobalProgress';
import { Logo } from './Logo';
import { menuFor } from './menu';
import { NeedHelp } from './NeedHelp';
import './shell.css';

// The signed-in parts of the shell (with the styles of every component, and the live updates with the
// features' query keys) stay out of the sign-in page.
const MainNav = lazy(() => import('./MainNav').then((m) => ({ default: m.MainNav })));
const NavToggle = lazy(() => import('./MainNav').then((m) => ({ default: m.NavToggle })));
const UserMenu = lazy(() => import('./UserMenu').then((m) => ({ default: m.UserMenu })));
const LiveUpdates = lazy(() => import('./useLiveUpdates').then((m) => ({ default: m.LiveUpdates })));

const NO_HELP_PATHS = ['/appraiser/support'];

export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { data: user } = useCurrentUser();
  const location = useLocation();
  const { data: seat } = useClientSeat();
  const items = menuFor(user?.userType, seat);
  const hasNav = !!user && items.length > 0;
  // Below the sm breakpoint the navbar is a drawer; while closed it is hidden from everyone.
  const isMobile = useMediaQuery('(max-width: 47.99em)') ?? false;
  const navHidden = isMobile && !opened;
  const showHelp = !NO_HELP_PATHS.some((p) => matchPath({ path: p, end: true }, location.pathname));

  useEffect(() => {
    close();
  }, [location.pathname, close]);

  return (
    <AppShell header={{ height: 60 }} navbar={hasNav ? { width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } } : undefined} padding="md" className="app-shell">
      <GlobalProgress />
      {user ? (
        <Suspense fallback={null}>
          <LiveUpdates />
        </Suspense>
      ) : null}
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {hasNav ? (
              <Suspense fallback={null}>
                <NavToggle opened={opened} onClick={toggle} />
              </Suspense>
            ) : null}
            <Anchor component={Link} to="/" underline="never" aria-label="Appraisal Portal home">
              <Logo />
            </Anchor>
          </Group>
          {user ? (
            <Suspense fallback={null}>
              <UserMenu user={user} />
            </Suspense>
          ) : null}
        </Group>
      </AppShell.Header>

      {hasNav ? (
        <Suspense fallback={null}>
          <MainNav items={items} hidden={navHidden} />
        </Suspense>
      ) : null}

      <AppShell.Main>
        <Outlet />
        {showHelp ? <NeedHelp /> : null}
      </AppShell.Main>

      {/* In the page's flow after the content, not fixed over it: it scrolls with the page. */}
      <Box component="footer" className="app-footer">
        <Footer />
      </Box>
    </AppShell>
  );
}
