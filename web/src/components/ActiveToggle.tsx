import { Button } from '@mantine/core';

interface Toggled {
  id: number;
  name: string;
  active: boolean;
}

/**
 * A list row's Deactivate (which asks first: `onDeactivate` opens the question) or Reactivate, at
 * once through the page's `reactivate` mutation (its button spins while the mutation runs for this row).
 */
export function ActiveToggle<T extends Toggled>({
  item,
  reactivate,
  onDeactivate,
}: {
  item: T;
  reactivate: { isPending: boolean; variables?: T; mutate: (item: T) => void };
  onDeactivate: () => void;
}) {
  return item.active ? (
    <Button size="compact-sm" variant="default" onClick={onDeactivate} aria-label={`Deactivate ${item.name}`}>
      Deactivate
    </Button>
  ) : (
    <Button
      size="compact-sm"
      variant="default"
      loading={reactivate.isPending && reactivate.variables?.id === item.id}
      onClick={() => reactivate.mutate(item)}
      aria-label={`Reactivate ${item.name}`}
    >
      Reactivate
    </Button>
  );
}
