import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormDialog, mutationState } from '../../../components/FormDialog';
import { notify } from '../../../lib/notify';
import { companiesQuery } from '../../../lib/staffLists';
import { APPRAISERS_KEY, createAppraiser, type AppraiserForm } from './api';

const MSG_ADD_FAILED = 'The appraiser could not be added. Please try again.';

const ROLES = [
  { label: 'Appraiser', value: 'appraiser' },
  { label: 'Appraiser Administrator', value: 'appraiser-admin' },
];
export const MSG_ADMIN_NEEDS_FIRM = "A firm's administrator needs a firm.";

const required = (label: string) => (value: string) => (value.trim() ? null : `${label} is required.`);

/** Opens an account for an appraiser; the server e-mails them a link to choose a password. */
export function NewAppraiserDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const companies = useQuery(companiesQuery());
  const form = useForm({
    mode: 'controlled',
    initialValues: { username: '', firstName: '', lastName: '', email: '', cellPhone: '', companyId: '', type: 'appraiser' },
    validate: {
      username: required('Username'),
      firstName: required('First name'),
      lastName: required('Last name'),
      email: required('E-mail'),
      companyId: (id, v) => (!id && v.type === 'appraiser-admin' ? MSG_ADMIN_NEEDS_FIRM : null),
    },
  });
  const save = useMutation({
    mutationFn: createAppraiser,
    onSuccess: async (_, body) => {
      notify('success', `${body.firstName} ${body.lastName} was added. The invitation e-mail was sent to ${body.email}.`);
      await queryClient.invalidateQueries({ queryKey: APPRAISERS_KEY });
      onClose();
    },
  });
  const submit = form.onSubmit((v) => {
    const body: AppraiserForm = {
      username: v.username.trim(),
      firstName: v.firstName.trim(),
      lastName: v.lastName.trim(),
      email: v.email.trim(),
      cellPhone: v.cellPhone.trim() || null,
      companyId: v.companyId ? Number(v.companyId) : null,
      type: v.type,
    };
    save.mutate(body);
  });
  const firms = [{ label: 'No firm (independent)', value: '' }, ...(companies.data ?? []).filter((c) => c.active).map((c) => ({ label: c.name, value: String(c.id) }))];
  return (
    <FormDialog title="New Appraiser" opened onClose={onClose} onSubmit={submit} submitLabel="Add Appraiser" {...mutationState(save, MSG_ADD_FAILED)} size="lg">
      <TextInput label="Username" required autoComplete="off" data-autofocus {...form.getInputProps('username')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="First Name" required {...form.getInputProps('firstName')} />
        <TextInput label="Last Name" required {...form.getInputProps('lastName')} />
        <TextInput label="E-mail" type="email" required description="The invitation is sent here" {...form.getInputProps('email')} />
        <TextInput label="Cell Phone" type="tel" {...form.getInputProps('cellPhone')} />
        <NativeSelect label="Firm" data={firms} {...form.getInputProps('companyId')} />
        <NativeSelect label="Role" required data={ROLES} {...form.getInputProps('type')} />
      </SimpleGrid>
    </FormDialog>
  );
}
