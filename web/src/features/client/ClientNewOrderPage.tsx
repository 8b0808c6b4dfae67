import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { AttachmentsInput, attachmentsError } from '../../components/AttachmentsInput';
import { FormSection, withPrompt } from '../../components/FormSection';
import { PropertyInputs } from '../../components/PropertyInputs';
import { PageSkeleton } from '../../components/LoadStates';
import { useFields } from '../../components/useFields';
import { failureText } from '../../lib/api';
import { useAppConfig } from '../../lib/appConfig';
import { MSG_VIEWER_READS_ONLY, useClientSeat, type MySeat } from '../../lib/clientSeat';
import { todayIso } from '../../lib/dates';
import { MAX_LINE, MAX_LOAN_NUMBER, MAX_PHONE, MSG_FIX_FIELDS } from '../../lib/fieldRules';
import { useReportProducts } from '../../lib/lookups';
import { notify } from '../../lib/notify';
import { displayName, useCurrentUser } from '../../lib/session';
import { attachDocuments, branchesQuery, clientKeys, clientOrderQuery, dueDateTermsQuery, loanOfficersQuery, placeOrder, type NewOrderForm } from './api';
import { clientOrderPath } from './ClientOrdersPage';
import { ContactsSection, useContacts } from './ContactsInput';
import {
  branchLocked,
  branchOptions,
  clientOrderBody,
  clientOrderErrors,
  dueDateHint,
  EMPTY_CLIENT_ORDER,
  FHA_CASE_NUMBER_LENGTH,
  loanOfficerOptions,
  MAX_CLIENT_NOTES,
  placerDefaults,
  type ClientOrderFields,
} from './orderForm';

const MSG_PLACE_FAILED = 'The order could not be placed. Please try again.';
const MSG_ATTACH_FAILED = 'the attachments could not be uploaded';
/** The server's words for a branch manager or processor choosing another branch. */
const MSG_OWN_BRANCH_ONLY = 'You can place orders for your own branch only.';

interface Placed {
  id: number;
  fileNumber: string;
  /** Why the attachments were not kept (the order was placed all the same), or null. */
  attachFailure: string | null;
}

/** Places the order, then uploads its attachments to it. */
async function place(body: NewOrderForm, files: File[]): Promise<Placed> {
  const created = await placeOrder(body);
  let attachFailure: string | null = null;
  if (files.length > 0) {
    try {
      await attachDocuments(created.id, files);
    } catch (e) {
      attachFailure = failureText(e, MSG_ATTACH_FAILED);
    }
  }
  return { id: created.id, fileNumber: created.fileNumber ?? String(created.id), attachFailure };
}

function RequestedDueDate({ fields }: { fields: ReturnType<typeof useFields<ClientOrderFields>> }) {
  const { productId, propertyStateCode, requestedDueDate } = fields.values;
  const terms = useQuery(dueDateTermsQuery(Number(productId) || 0, propertyStateCode));
  const hint = dueDateHint(terms.data, requestedDueDate);
  return (
    <Stack gap={4}>
      <TextInput label="Requested Due Date" type="date" description={hint.description} {...fields.input('requestedDueDate')} />
      {hint.rush ? (
        <Text size="sm" c="red.9" fw={600} role="status">
          {hint.rush}
        </Text>
      ) : null}
    </Stack>
  );
}

/** What the new order waits for now (offered automatically, the borrower's payment or staff), as the server says it. */
async function nextStep(queryClient: QueryClient, id: number): Promise<string | null> {
  try {
    return (await queryClient.fetchQuery(clientOrderQuery(id))).waitingForText ?? null;
  } catch {
    return null;
  }
}

/** The order's branch (fixed for a branch manager or processor) and its loan officer, when there is a choice. */
function BranchAndLoanOfficer({ fields, seat }: { fields: ReturnType<typeof useFields<ClientOrderFields>>; seat: MySeat | null }) {
  const { data: user } = useCurrentUser();
  const branches = useQuery(branchesQuery());
  const officers = useQuery(loanOfficersQuery());
  const locked = branchLocked(seat);
  const self = seat?.role === 'loan_officer' && user ? { id: String(user.securityUserId), name: displayName(user) } : null;
  const branchChoices = branchOptions(branches.data, seat);
  const officerChoices = loanOfficerOptions(officers.data, self);
  const branchShown = locked || branchChoices.length > 1;
  const officerShown = officerChoices.length > 1;
  if (!branchShown && !officerShown) return null;
  return (
    <FormSection title="Branch and Loan Officer">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {branchShown ? (
          <NativeSelect label="Branch" data={branchChoices} disabled={locked} description={locked ? MSG_OWN_BRANCH_ONLY : undefined} {...fields.input('branchId')} />
        ) : null}
        {officerShown ? (
          <NativeSelect label="Loan Officer" data={officerChoices} description="Optional: the loan officer the order is for" {...fields.input('loanOfficerId')} />
        ) : null}
      </SimpleGrid>
    </FormSection>
  );
}

/** /client/orders/new: the client orders an appraisal; the order arrives on the staff desk and opens on its page. A viewer is told they may not. */
export function ClientNewOrderPage() {
  const seat = useClientSeat();
  if (seat.isLoading) return <PageSkeleton label="Loading the order form" />;
  if (seat.data && !seat.data.acts) {
    return (
      <Stack gap="md" maw={1100}>
        <Title order={1}>New Order</Title>
        <Alert color="red.9" variant="filled" role="alert">
          {MSG_VIEWER_READS_ONLY}
        </Alert>
      </Stack>
    );
  }
  return <NewOrderForm seat={seat.data ?? null} />;
}

/** The form, its branch and loan officer first set for the placer (`seat`: null when it could not be read; the server decides). */
function NewOrderForm({ seat }: { seat: MySeat | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const timeZone = useAppConfig().data?.companyTimeZone;
  const products = useReportProducts();
  const { data: user } = useCurrentUser();
  const fields = useFields({ ...EMPTY_CLIENT_ORDER, ...placerDefaults(seat, user?.securityUserId) });
  const contacts = useContacts();
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string>();
  const submitting = useMutation({
    mutationFn: ({ body, chosen }: { body: NewOrderForm; chosen: File[] }) => place(body, chosen),
    onSuccess: async (placed) => {
      await queryClient.invalidateQueries({ queryKey: clientKeys.orders() });
      const next = await nextStep(queryClient, placed.id);
      if (placed.attachFailure) notify('warning', `Order ${placed.fileNumber} was placed, but ${placed.attachFailure}. Attach them on the order page.`);
      else notify('success', `Order ${placed.fileNumber} was placed.${next ? ` ${next}` : ''}`);
      void navigate(clientOrderPath(placed.id));
    },
    onError: (error) => {
      fields.showRefusal(error);
      contacts.showRefusal(error);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (submitting.isPending) return;
    const fieldsOk = fields.accept(clientOrderErrors(fields.values, todayIso(timeZone)));
    const contactsOk = contacts.check();
    const tooMany = attachmentsError(files);
    setFilesError(tooMany);
    if (fieldsOk && contactsOk && !tooMany) submitting.mutate({ body: clientOrderBody(fields.values, contacts.rows.rows), chosen: files });
  };
  const invalid = Object.values(fields.errors).some(Boolean) || contacts.invalid || !!filesError;
  const failure = invalid ? MSG_FIX_FIELDS : submitting.error ? failureText(submitting.error, MSG_PLACE_FAILED) : null;
  const productChoices = products.data?.map((p) => ({ value: String(p.id), label: p.label }));

  return (
    <Stack gap="md" maw={1100}>
      <Title order={1}>New Order</Title>
      <Text c="gray.8">The order arrives on our desk at once; staff assign an appraiser and you follow every step on the order&apos;s page.</Text>
      <form onSubmit={submit} noValidate aria-label="New order">
        <Stack gap="md">
          <FormSection title="Property">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PropertyInputs fields={fields} />
            </SimpleGrid>
          </FormSection>
          <FormSection title="Product and Due Date">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NativeSelect label="Product" required data={withPrompt('Select a product', productChoices)} {...fields.input('productId')} />
              <RequestedDueDate fields={fields} />
              <TextInput label="Closing Date" type="date" description="Optional: when the loan is expected to close" {...fields.input('closingDate')} />
              <TextInput
                label="FHA Case Number"
                description="Optional: three digits, a dash and seven digits (123-1234567)"
                autoComplete="off"
                {...fields.input('fhaCaseNumber', FHA_CASE_NUMBER_LENGTH)}
              />
            </SimpleGrid>
          </FormSection>
          <BranchAndLoanOfficer fields={fields} seat={seat} />
          <FormSection title="Loan and Borrower">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Loan Number" {...fields.input('loanNumber', MAX_LOAN_NUMBER)} />
              <TextInput label="Borrower Name" required {...fields.input('borrowerName', MAX_LINE)} />
              <TextInput label="Borrower E-mail" type="email" {...fields.input('borrowerEmail', MAX_LINE)} />
              <TextInput label="Borrower Phone" type="tel" {...fields.input('borrowerPhone', MAX_PHONE)} />
            </SimpleGrid>
          </FormSection>
          <ContactsSection contacts={contacts} />
          <FormSection title="Notes and Attachments">
            <Textarea
              label="Notes"
              description="Access instructions, contacts, anything the appraiser should know"
              autosize
              minRows={3}
              maxRows={12}
              {...fields.input('notes', MAX_CLIENT_NOTES)}
            />
            <AttachmentsInput
              label="Attachments"
              description="Such as the purchase contract: up to 10 files, uploaded once the order is placed"
              value={files}
              onChange={(next) => {
                setFiles(next);
                setFilesError(undefined);
              }}
              error={filesError}
            />
          </FormSection>
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={submitting.isPending}>
              Place Order
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
