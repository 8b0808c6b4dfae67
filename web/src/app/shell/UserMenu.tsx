import '../styles/all';
import { Button, Menu } from '@mantine/core';
import { Link } from 'react-router';
import { ownProfilePathFor } from '../../lib/roles';
import { displayName, type LoggedInUser } from '../../lib/session';

export function UserMenu({ user }: { user: LoggedInUser }) {
  const name = displayName(user);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          c="gray.9"
          aria-label={`User menu: ${name}`}
          rightSection={<span aria-hidden="true">▾</span>}
          maw={{ base: 150, sm: 320 }}
          styles={{ label: { overflow: 'hidden', minWidth: 0 } }}
        >
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{name}</span>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={ownProfilePathFor(user)}>
          Profile
        </Menu.Item>
        <Menu.Item component={Link} to="/logout">
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
