import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormDialog, mutationState } from '../../../components/FormDialog';
import { useStates } from '../../../lib/lookups';
import { notify } from '../../../lib/notify';
import { COMPANIES_KEY, createCompany, updateCompany, type CompanyItem } from './api';

interface FirmFields {
  name: string;
  officeAddressLine1: string;
  officeCity: string;
  officeStateCode: string;
  officeZipCode: string;
}

/** The server's limits (crates/server/src/staff/firms.rs), so a field is named before it is sent. */
const tooLong = (label: string, max: number) => (value: string) => ([...value.trim()].length > max ? `${label} can be at most ${max} characters long.` : null);

const fieldsOf = (firm: CompanyItem | null): FirmFields => ({
  name: firm?.name ?? '',
  officeAddressLine1: firm?.officeAddressLine1 ?? '',
  officeCity: firm?.officeCity ?? '',
  officeStateCode: firm?.officeStateCode ?? '',
  officeZipCode: firm?.officeZipCode ?? '',
});

/** Adds a firm (`firm` null) or renames one and corrects its office; a blank office field clears it. */
export function FirmDialog({ firm, onClose }: { firm: CompanyItem | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const states = useStates();
  const form = useForm({
    mode: 'controlled',
    initialValues: fieldsOf(firm),
    validate: {
      name: (v) => (v.trim() ? tooLong('Company name', 200)(v) : 'Company name is required.'),
      officeAddressLine1: tooLong('Office address', 200),
      officeCity: tooLong('Office city', 100),
      officeZipCode: (v) => (v.trim() === '' || /^\d{5}$/.test(v.trim()) ? null : `Office zip must be 5 digits (got '${v.trim()}').`),
    },
  });
  const save = useMutation({
    mutationFn: (v: FirmFields) => {
      const office = {
        officeAddressLine1: v.officeAddressLine1.trim(),
        officeCity: v.officeCity.trim(),
        officeStateCode: v.officeStateCode,
        officeZipCode: v.officeZipCode.trim(),
      };
      if (firm) return updateCompany(firm.id, { companyName: v.name.trim(), ...office });
      const orNull = (text: string) => text || null;
      return createCompany({
        name: v.name.trim(),
        officeAddressLine1: orNull(office.officeAddressLine1),
        officeCity: orNull(office.officeCity),
        officeStateCode: orNull(office.officeStateCode),
        officeZipCode: orNull(office.officeZipCode),
      });
    },
    onSuccess: async (_, v) => {
      notify('success', firm ? `${v.name.trim()} was saved.` : `${v.name.trim()} was added.`);
      await queryClient.invalidateQueries({ queryKey: COMPANIES_KEY });
      onClose();
    },
  });
  const stateOptions = [{ label: 'None', value: '' }, ...(states.data ?? []).map((s) => ({ label: s.label, value: s.value }))];
  return (
    <FormDialog
      title={firm ? 'Edit Firm' : 'Add Firm'}
      opened
      onClose={onClose}
      onSubmit={form.onSubmit((v) => save.mutate(v))}
      submitLabel={firm ? 'Save Firm' : 'Add Firm'}
      {...mutationState(save, 'The firm could not be saved. Please try again.')}
      size="lg"
    >
      <TextInput label="Company Name" required data-autofocus {...form.getInputProps('name')} />
      <TextInput label="Office Address" autoComplete="off" {...form.getInputProps('officeAddressLine1')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label="Office City" {...form.getInputProps('officeCity')} />
        <NativeSelect label="Office State" data={stateOptions} {...form.getInputProps('officeStateCode')} />
        <TextInput label="Office Zip" inputMode="numeric" {...form.getInputProps('officeZipCode')} />
      </SimpleGrid>
    </FormDialog>
  );
}
