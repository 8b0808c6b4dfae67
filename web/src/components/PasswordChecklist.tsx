import { List, Text, VisuallyHidden } from '@mantine/core';
import { checkPassword } from '../lib/passwordRules';

/** The live password requirements checklist (docs/domain.md#passwords); shared by the reset and change-password forms. */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  const results = checkPassword(password);
  return (
    <div id={id}>
      <Text size="sm" fw={600} id={id ? `${id}-title` : undefined}>
        Password requirements
      </Text>
      <List size="sm" spacing={2} listStyleType="none" aria-labelledby={id ? `${id}-title` : undefined}>
        {results.map((r) => (
          <List.Item key={r.id} data-rule={r.id} data-met={r.met ? 'true' : 'false'}>
            <Text span size="sm" c={r.met ? '#1b6e2f' : '#a61e1e'}>
              <span aria-hidden="true">{r.met ? '✓' : '✗'} </span>
              {r.label}
              <VisuallyHidden>{r.met ? ' (met)' : ' (not met)'}</VisuallyHidden>
            </Text>
          </List.Item>
        ))}
      </List>
    </div>
  );
}
