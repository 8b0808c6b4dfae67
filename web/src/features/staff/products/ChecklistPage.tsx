import { ActionIcon, Alert, Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { FailureAlert, PageLoadFailed, PageSkeleton } from '../../../components/LoadStates';
import { ChevronDownIcon, ChevronUpIcon, TrashIcon } from '../../../components/icons';
import { anyRowError, useRows } from '../../../components/useRows';
import { fieldErrors, formFailure } from '../../../lib/api';
import { MSG_FIX_FIELDS } from '../../../lib/fieldRules';
import { notify } from '../../../lib/notify';
import { BackToProducts } from './BackToProducts';
import { checklistQuery, productKeys, saveChecklist, type Checklist } from './api';
import { MAX_ITEM_TEXT, blankItem, bodyItems, checkItems, itemsOfList, serverItemErrors, type Item } from './checklistRows';

export const MSG_CHECKLIST_SAVED = 'Checklist saved.';
export const MSG_USES_DEFAULT = 'This product uses the default list; saving makes it its own.';
export const MSG_EMPTY_HINT = 'Saving an empty list returns the product to the default list.';
const MSG_SAVE_FAILED = 'The checklist could not be saved. Please try again.';

interface RowProps {
  item: Item;
  index: number;
  count: number;
  error: string | undefined;
  onText: (text: string) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** One item: its text, Move up and Move down (still focusable at the ends, doing nothing there) and Remove. */
function ItemInputs({ item, index, count, error, onText, onMove, onRemove }: RowProps) {
  const n = index + 1;
  const edge = (by: -1 | 1) => (by < 0 ? index === 0 : index === count - 1);
  const moveButton = (by: -1 | 1) => (
    <ActionIcon
      variant="default"
      size="lg"
      data-move={by}
      aria-label={`Move item ${n} ${by < 0 ? 'up' : 'down'}`}
      aria-disabled={edge(by) || undefined}
      data-disabled={edge(by) || undefined}
      onClick={() => onMove(by)}
    >
      {by < 0 ? <ChevronUpIcon /> : <ChevronDownIcon />}
    </ActionIcon>
  );
  return (
    <Group component="li" align="flex-start" gap="xs" wrap="nowrap">
      <Textarea
        label={`Item ${n}`}
        autosize
        minRows={1}
        maxRows={6}
        maxLength={MAX_ITEM_TEXT}
        style={{ flex: 1, minWidth: 0 }}
        value={item.text}
        error={error}
        autoFocus={item.fresh}
        onChange={(e) => onText(e.currentTarget.value)}
      />
      <Group gap={4} wrap="nowrap" mt={25}>
        {moveButton(-1)}
        {moveButton(1)}
        <ActionIcon variant="default" color="red.9" size="lg" aria-label={`Remove item ${n}`} onClick={onRemove}>
          <TrashIcon />
        </ActionIcon>
      </Group>
    </Group>
  );
}

/** The list's rows (components/useRows), with the focus kept on a Move button as its item moves. */
function useChecklistRows(list: Checklist) {
  const rows = useRows(blankItem, itemsOfList(list));
  const listRef = useRef<HTMLOListElement>(null);
  const [moving, setMoving] = useState<{ to: number; by: -1 | 1 } | null>(null);
  useEffect(() => {
    if (moving) listRef.current?.children[moving.to]?.querySelector<HTMLElement>(`[data-move="${moving.by}"]`)?.focus();
  }, [moving]);
  const move = (index: number, by: -1 | 1) => {
    rows.move(index, by);
    setMoving({ to: Math.min(Math.max(index + by, 0), rows.rows.length - 1), by });
  };
  return { ...rows, listRef, move };
}

/** The list's editor: a box per item, Add item, and Save Checklist (the whole list in order). */
function ChecklistForm({ productId, list }: { productId: number; list: Checklist }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { rows, errors, setErrors, update, add, remove, move, listRef } = useChecklistRows(list);
  const save = useMutation({
    mutationFn: (items: Item[]) => saveChecklist(productId, bodyItems(items)),
    onSuccess: async (fresh) => {
      queryClient.setQueryData(productKeys.checklist(productId), fresh);
      await queryClient.invalidateQueries({ queryKey: productKeys.all, exact: true });
      notify('success', MSG_CHECKLIST_SAVED);
      await navigate('/staff/products');
    },
    onError: (e, items) => setErrors(serverItemErrors(fieldErrors(e), items.length)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkItems(rows);
    setErrors(found);
    if (!save.isPending && !anyRowError(found)) save.mutate(rows);
  };
  const failure = formFailure(save.error, MSG_SAVE_FAILED);
  return (
    <form onSubmit={submit} noValidate aria-label="Checklist">
      <Stack gap="sm">
        <FailureAlert message={anyRowError(errors) ? MSG_FIX_FIELDS : failure} />
        <ol ref={listRef} aria-label="Checklist items" style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 'var(--mantine-spacing-sm)' }}>
          {rows.map((row, i) => (
            <ItemInputs
              key={row.key}
              item={row}
              index={i}
              count={rows.length}
              error={errors[i]?.text}
              onText={(text) => update(i, 'text', text)}
              onMove={(by) => move(i, by)}
              onRemove={() => remove(row.key)}
            />
          ))}
        </ol>
        <Text size="sm" c="gray.8">
          {MSG_EMPTY_HINT}
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={add}>
            Add item
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save Checklist
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /staff/products/:id/checklist: a product's review checklist, edited as a whole. */
export function ChecklistPage() {
  const id = Number(useParams().id);
  const list = useQuery(checklistQuery(id));
  if (list.isError) {
    return (
      <PageLoadFailed title="Checklist" query={list}>
        <BackToProducts />
      </PageLoadFailed>
    );
  }
  if (list.isPending) return <PageSkeleton label="Loading checklist" />;
  return (
    <Stack gap="md" maw={880}>
      <BackToProducts />
      <Title order={1}>{`Checklist: ${list.data.product}`}</Title>
      {list.data.usesDefault ? (
        <Alert color="blue" variant="light" role="status">
          {MSG_USES_DEFAULT}
        </Alert>
      ) : null}
      <ChecklistForm key={id} productId={id} list={list.data} />
    </Stack>
  );
}
