import { Textarea } from '@mantine/core';

interface ReasonFieldProps {
  label: string;
  description?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** A reason the form asks for when its rule applies (late inspection, rescheduling, late delivery). */
export function ReasonField({ label, description, value, onChange, error }: ReasonFieldProps) {
  return <Textarea label={label} description={description} required rows={2} value={value} onChange={(e) => onChange(e.currentTarget.value)} error={error} />;
}
