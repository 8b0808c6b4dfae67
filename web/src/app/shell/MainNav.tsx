import '../styles/all';
import { AppShell, Burger, NavLink, ScrollArea } from '@mantine/core';
import { Link, matchPath, useLocation } from 'react-router';
import type { MenuItem } from './menu';

/**
 * The menu item of `pathname`: the one whose address it is or lies under, the longest when several
 * do (/client/orders/new is New Order's, not Orders').
 */
export function currentItem(items: MenuItem[], pathname: string): MenuItem | undefined {
  return items.filter((item) => matchPath({ path: item.to, end: false }, pathname)).sort((a, b) => b.to.length - a.to.length)[0];
}

/** The navbar of the signed-in areas: one link per menu item, the current one marked. */
export function MainNav({ items, hidden }: { items: MenuItem[]; hidden: boolean }) {
  const location = useLocation();
  const current = currentItem(items, location.pathname);
  return (
    <AppShell.Navbar p="xs" id="main-navigation" aria-label="Main navigation" inert={hidden || undefined} style={hidden ? { visibility: 'hidden' } : undefined}>
      <AppShell.Section grow component={ScrollArea}>
        {items.map((item) => {
          const active = item === current;
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
