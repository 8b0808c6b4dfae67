import { Anchor, AppShell, Burger, Group, NavLink, ScrollArea } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { Link, Outlet, matchPath, useLocation } from 'react-router';
import { useCurrentUser } from '../../lib/session';
import { Footer } from './Footer';
import { GlobalProgress } from './GlobalProgress';
import { Logo } from './Logo';
import { menuFor } from './menu';
import { NeedHelp } from './NeedHelp';
import { UserMenu } from './UserMenu';
import { useLiveUpdates } from './useLiveUpdates';

const NO_HELP_PATHS = ['/appraiser/support'];

export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { data: user } = useCurrentUser();
  const location = useLocation();
  const items = menuFor(user?.userType);
  const hasNav = !!user && items.length > 0;
  // Below the sm breakpoint the navbar is a drawer; while closed it is hidden from everyone.
  const isMobile = useMediaQuery('(max-width: 47.99em)') ?? false;
  const navHidden = isMobile && !opened;
  const showHelp = !NO_HELP_PATHS.some((p) => matchPath({ path: p, end: true }, location.pathname));
  useLiveUpdates(!!user);

  useEffect(() => {
    close();
  }, [location.pathname, close]);

  return (
    <AppShell
      header={{ height: 60 }}
      footer={{ height: { base: 96, sm: 44 } }}
      navbar={hasNav ? { width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } } : undefined}
      padding="md"
    >
      <GlobalProgress />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {hasNav ? (
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={opened ? 'Close navigation' : 'Open navigation'}
                aria-expanded={opened}
                aria-controls="main-navigation"
              />
            ) : null}
            <Anchor component={Link} to="/" underline="never" aria-label="Appraisal Portal home">
              <Logo />
            </Anchor>
          </Group>
          {user ? <UserMenu user={user} /> : null}
        </Group>
      </AppShell.Header>

      {hasNav ? (
        <AppShell.Navbar
          p="xs"
          id="main-navigation"
          aria-label="Main navigation"
          inert={navHidden || undefined}
          style={navHidden ? { visibility: 'hidden' } : undefined}
        >
          <AppShell.Section grow component={ScrollArea}>
            {items.map((item) => {
              const active = !!matchPath({ path: item.to, end: false }, location.pathname);
              return (
                <NavLink
                  key={item.to}
                  component={Link}
                  to={item.to}
                  label={item.label}
                  active={active}
                  variant="filled"
                  aria-current={active ? 'page' : undefined}
                />
              );
            })}
          </AppShell.Section>
        </AppShell.Navbar>
      ) : null}

      <AppShell.Main>
        <Outlet />
        {showHelp ? <NeedHelp /> : null}
      </AppShell.Main>

      <AppShell.Footer>
        <Footer />
      </AppShell.Footer>
    </AppShell>
  );
}
