import '../styles/all';
import { AppShell, Burger, NavLink, ScrollArea } from '@mantine/core';
import { Link, matchPath, useLocation } from 'react-router';
import type { MenuItem } from './menu';

/** The navbar of the signed-in areas: one link per menu item, the current one marked. */
export function MainNav({ items, hidden }: { items: MenuItem[]; hidden: boolean }) {
  const location = useLocation();
  return (
    <AppShell.Navbar p="xs" id="main-navigation" aria-label="Main navigation" inert={hidden || undefined} style={hidden ? { visibility: 'hidden' } : undefined}>
      <AppShell.Section grow component={ScrollArea}>
        {items.map((item) => {
          const active = !!matchPath({ path: item.to, end: false }, location.pathname);
          return <NavLink key={item.to} component={Link} to={item.to} label={item.label} active={active} variant="filled" aria-current={active ? 'page' : undefined} />;
        })}
      </AppShell.Section>
    </AppShell.Navbar>
  );
}

/** Opens and closes the navbar below the sm breakpoint. */
export function NavToggle({ opened, onClick }: { opened: boolean; onClick: () => void }) {
  return (
    <Burger
      opened={opened}
      onClick={onClick}
      hiddenFrom="sm"
      size="sm"
      aria-label={opened ? 'Close navigation' : 'Open navigation'}
      aria-expanded={opened}
      aria-controls="main-navigation"
    />
  );
}
