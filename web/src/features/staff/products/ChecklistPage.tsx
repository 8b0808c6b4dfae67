import { ActionIcon, Alert, Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { FailureAlert, LoadFailed, PageSkeleton } from '../../../components/LoadStates';
import { BackIcon, ChevronDownIcon, ChevronUpIcon, TrashIcon } from '../../../components/icons';
import { failureText, fieldErrors, isSharedFailure } from '../../../lib/api';
import { MSG_FIX_FIELDS } from '../../../lib/fieldRules';
import { notify } from '../../../lib/notify';
import { checklistQuery, productKeys, saveChecklist, type Checklist } from './api';
import { MAX_ITEM_TEXT, itemsOf, moved, rowErrors, rowsOf, serverRowErrors, type ItemRow, type RowErrors } from './checklistRows';

export const MSG_CHECKLIST_SAVED = 'Checklist saved.';
export const MSG_USES_DEFAULT = 'This product uses the default list; saving makes it its own.';
export const MSG_EMPTY_HINT = 'Saving an empty list returns the product to the default list.';
const MSG_SAVE_FAILED = 'The checklist could not be saved. Please try again.';

function BackToProducts() {
  return (
    <Button component={Link} to="/staff/products" variant="subtle" leftSection={<BackIcon />} px="xs" w="fit-content">
      Back to Products
    </Button>
  );
}

interface RowProps {
  row: ItemRow;
  index: number;
  count: number;
  error: string | undefined;
  onText: (text: string) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** One item: its text, Move up and Move down (still focusable at the ends, doing nothing there) and Remove. */
function ItemRowInputs({ row, index, count, error, onText, onMove, onRemove }: RowProps) {
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
    <Group component="li" data-row-key={row.key} align="flex-start" gap="xs" wrap="nowrap">
      <Textarea
        label={`Item ${n}`}
        autosize
        minRows={1}
        maxRows={6}
        maxLength={MAX_ITEM_TEXT}
        style={{ flex: 1, minWidth: 0 }}
        value={row.text}
        error={error}
        autoFocus={row.fresh}
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

/** The rows being edited, their errors, and the moves, additions and removals. */
function useItemRows(list: Checklist) {
  const [rows, setRows] = useState(() => rowsOf(list));
  const [errors, setErrors] = useState<RowErrors>({});
  const nextKey = useRef(list.items.length);
  const listRef = useRef<HTMLDivElement>(null);
  const [focusMove, setFocusMove] = useState<{ key: number; by: -1 | 1 } | null>(null);
  useEffect(() => {
    if (!focusMove) return;
    listRef.current?.querySelector<HTMLElement>(`[data-row-key="${focusMove.key}"] [data-move="${focusMove.by}"]`)?.focus();
  }, [focusMove]);
  const edit = (next: ItemRow[]) => {
    setRows(next);
    setErrors({});
  };
  return {
    rows,
    errors,
    setErrors,
    listRef,
    text: (key: number, text: string) => {
      setRows((cur) => cur.map((r) => (r.key === key ? { ...r, text } : r)));
      setErrors(({ [key]: _, ...rest }) => rest);
    },
    move: (index: number, by: -1 | 1) => {
      edit(moved(rows, index, by));
      setFocusMove({ key: rows[index]!.key, by });
    },
    remove: (key: number) => edit(rows.filter((r) => r.key !== key)),
    add: () => edit([...rows, { key: nextKey.current++, id: null, text: '', fresh: true }]),
  };
}

/** The list's editor: a box per item, Add item, and Save Checklist (the whole list in order). */
function ChecklistForm({ productId, list }: { productId: number; list: Checklist }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const items = useItemRows(list);
  const save = useMutation({
    mutationFn: (rows: ItemRow[]) => saveChecklist(productId, itemsOf(rows)),
    onSuccess: async (fresh) => {
      queryClient.setQueryData(productKeys.checklist(productId), fresh);
      await queryClient.invalidateQueries({ queryKey: productKeys.all, exact: true });
      notify('success', MSG_CHECKLIST_SAVED);
      await navigate('/staff/products');
    },
    onError: (e, rows) => items.setErrors(serverRowErrors(rows, fieldErrors(e))),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = rowErrors(items.rows);
    items.setErrors(found);
    if (!save.isPending && Object.keys(found).length === 0) save.mutate(items.rows);
  };
  const marked = Object.keys(items.errors).length > 0;
  const failure = save.error && !isSharedFailure(save.error) ? failureText(save.error, MSG_SAVE_FAILED) : null;
  return (
    <form onSubmit={submit} noValidate aria-label="Checklist">
      <Stack gap="sm">
        <FailureAlert message={marked ? MSG_FIX_FIELDS : failure} />
        <div ref={items.listRef}>
          <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Checklist items">
            {items.rows.map((row, i) => (
              <ItemRowInputs
                key={row.key}
                row={row}
                index={i}
                count={items.rows.length}
                error={items.errors[row.key]}
                onText={(text) => items.text(row.key, text)}
                onMove={(by) => items.move(i, by)}
                onRemove={() => items.remove(row.key)}
              />
            ))}
          </Stack>
        </div>
        <Text size="sm" c="gray.8">
          {MSG_EMPTY_HINT}
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={items.add}>
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
      <Stack gap="md" maw={640}>
        <Title order={1}>Checklist</Title>
        <LoadFailed error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching}>
          <BackToProducts />
        </LoadFailed>
      </Stack>
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
