import { ActionIcon, Button, Fieldset, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { withPrompt } from '../../../components/FormSection';
import { FailureAlert, PageLoadFailed, PageSkeleton } from '../../../components/LoadStates';
import { TrashIcon } from '../../../components/icons';
import { useFields } from '../../../components/useFields';
import { anyRowError, useRows, type RowErrors } from '../../../components/useRows';
import { fieldErrors, formFailure } from '../../../lib/api';
import { centsError, centsText, parseCents } from '../../../lib/cents';
import { MSG_FIX_FIELDS, chosenError, onlyFailed, type FieldError } from '../../../lib/fieldRules';
import { useStates } from '../../../lib/lookups';
import { notify } from '../../../lib/notify';
import { BackToProducts } from './BackToProducts';
import { productsQuery, saveTurnTime, turnTimeKey, turnTimeQuery, type TurnTimeRule } from './api';

export const MSG_TURN_TIME_SAVED = 'Turn time saved.';
export const MSG_NO_RULE_HINT = 'Leave Business days blank for no rule: staff then choose every due date.';
const MSG_SAVE_FAILED = 'The turn time could not be saved. Please try again.';

type RuleFields = { businessDays: string; rushBusinessDays: string; rushFeeCents: string };
type StateRow = { stateCode: string; businessDays: string; rushBusinessDays: string };

const dayText = (days: number | null | undefined) => (days == null ? '' : String(days));
const dayCount = (text: string) => (text.trim() ? Number(text.trim()) : null);

/** A count of business days typed: a whole number, or blank where `optional`. */
function daysError(label: string, text: string, optional: boolean): FieldError {
  if (!text.trim()) return optional ? undefined : `${label} is required.`;
  return /^\d+$/.test(text.trim()) ? undefined : `${label} must be a whole number.`;
}

const blankState = (): StateRow => ({ stateCode: '', businessDays: '', rushBusinessDays: '' });

function ruleFields(rule: TurnTimeRule): RuleFields {
  return { businessDays: dayText(rule.businessDays), rushBusinessDays: dayText(rule.rushBusinessDays), rushFeeCents: centsText(rule.rushFeeCents) };
}

function checkState(row: StateRow): RowErrors<StateRow> {
  return onlyFailed({
    stateCode: chosenError('State', row.stateCode),
    businessDays: daysError('Business days', row.businessDays, false),
    rushBusinessDays: daysError('Rush business days', row.rushBusinessDays, true),
  });
}

interface StateInputsProps {
  row: StateRow;
  index: number;
  errors: RowErrors<StateRow>;
  states: { label: string; value: string }[];
  onChange: (field: keyof StateRow, value: string) => void;
  onRemove: () => void;
}

/** One state's turn time, in place of the product's usual one. */
function StateInputs({ row, index, errors, states, onChange, onRemove }: StateInputsProps) {
  const legend = `State override ${index + 1}`;
  const bind = (field: keyof StateRow) => ({
    value: row[field],
    error: errors[field],
    onChange: (e: { currentTarget: { value: string } }) => onChange(field, e.currentTarget.value),
  });
  return (
    <Fieldset legend={legend} p="sm">
      <Group align="flex-start" gap="sm">
        <NativeSelect label="State" required data={withPrompt('Select a state', states)} w={{ base: '100%', xs: 200 }} {...bind('stateCode')} />
        <TextInput label="Business days" required inputMode="numeric" w={140} {...bind('businessDays')} />
        <TextInput label="Rush business days" inputMode="numeric" w={160} {...bind('rushBusinessDays')} />
        <ActionIcon variant="default" color="red.9" size="lg" mt={25} aria-label={`Remove ${legend}`} onClick={onRemove}>
          <TrashIcon />
        </ActionIcon>
      </Group>
    </Fieldset>
  );
}

/** The rule's form: the usual turn time, its rush variant and fee, and the states that differ. */
function TurnTimeForm({ productId, rule }: { productId: number; rule: TurnTimeRule }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const states = useStates();
  const f = useFields(ruleFields(rule));
  const overrides = useRows(
    blankState,
    (rule.states ?? []).map((s) => ({ stateCode: s.stateCode, businessDays: String(s.businessDays), rushBusinessDays: dayText(s.rushBusinessDays) })),
  );
  const save = useMutation({
    mutationFn: (body: TurnTimeRule) => saveTurnTime(productId, body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(turnTimeKey(productId), saved);
      notify('success', MSG_TURN_TIME_SAVED);
      await navigate('/staff/products');
    },
    onError: (e) => f.showRefusal(e),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const stateErrors = overrides.rows.map(checkState);
    overrides.setErrors(stateErrors);
    const fieldsOk = f.accept(
      onlyFailed({
        businessDays: daysError('Business days', f.values.businessDays, true),
        rushBusinessDays: daysError('Rush business days', f.values.rushBusinessDays, true),
        rushFeeCents: centsError('Rush fee', f.values.rushFeeCents, { optional: true, zeroAllowed: true }),
      }),
    );
    if (!fieldsOk || anyRowError(stateErrors) || save.isPending) return;
    save.mutate({
      businessDays: dayCount(f.values.businessDays),
      rushBusinessDays: dayCount(f.values.rushBusinessDays),
      rushFeeCents: parseCents(f.values.rushFeeCents),
      states: overrides.rows.map((r) => ({ stateCode: r.stateCode, businessDays: Number(r.businessDays.trim()), rushBusinessDays: dayCount(r.rushBusinessDays) })),
    });
  };
  const statesRefusal = fieldErrors(save.error).states;
  const marked = Object.values(f.errors).some(Boolean) || anyRowError(overrides.errors);
  const failure = formFailure(save.error, MSG_SAVE_FAILED) ?? (marked ? MSG_FIX_FIELDS : null);
  return (
    <form onSubmit={submit} noValidate aria-label="Turn time">
      <Stack gap="md">
        <FailureAlert message={failure} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label="Business days" description="From the order to its due date, 1 to 60" inputMode="numeric" {...f.input('businessDays')} />
          <TextInput label="Rush business days" description="Fewer than the business days" inputMode="numeric" {...f.input('rushBusinessDays')} />
          <TextInput label="Rush fee" description="Added to the client's fee for a rush order" inputMode="decimal" leftSection="$" {...f.input('rushFeeCents')} />
        </SimpleGrid>
        <Text size="sm" c="gray.8">
          {MSG_NO_RULE_HINT}
        </Text>
        <Title order={2} size="h4">
          States with their own turn time
        </Title>
        {statesRefusal ? (
          <Text size="sm" c="red.9">
            {statesRefusal}
          </Text>
        ) : null}
        {overrides.rows.map((row, i) => (
          <StateInputs
            key={row.key}
            row={row}
            index={i}
            errors={overrides.errors[i] ?? {}}
            states={states.data ?? []}
            onChange={(field, value) => overrides.update(i, field, value)}
            onRemove={() => overrides.remove(row.key)}
          />
        ))}
        <Group gap="sm">
          <Button variant="default" onClick={overrides.add}>
            Add State
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save Turn Time
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /staff/products/:id/turn-time: how many business days a product's orders get, in general and per state. */
export function TurnTimePage() {
  const id = Number(useParams().id);
  const rule = useQuery(turnTimeQuery(id));
  const product = useQuery(productsQuery()).data?.find((p) => p.id === id);
  const title = product ? `Turn Time: ${product.name}` : 'Turn Time';
  if (rule.isError) {
    return (
      <PageLoadFailed title={title} query={rule}>
        <BackToProducts />
      </PageLoadFailed>
    );
  }
  if (rule.isPending) return <PageSkeleton label="Loading turn time" />;
  return (
    <Stack gap="md" maw={880}>
      <BackToProducts />
      <Title order={1}>{title}</Title>
      <TurnTimeForm key={id} productId={id} rule={rule.data} />
    </Stack>
  );
}
