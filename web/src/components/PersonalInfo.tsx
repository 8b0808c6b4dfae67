import { Alert, Anchor, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useAppConfig } from '../lib/appConfig';
import type { SecurityUser } from '../lib/myAccount';
import { formatUsPhone } from '../lib/phone';
import { Field, Fields, InfoCard } from './DataDisplay';

export const PERSONAL_INFO_NOTE = 'Your personal information can only be changed by our support team. Please contact support to request a change.';

/**
 * A user's personal information, read-only (only support changes it), with the note that says so:
 * `fields` adds a role's own lines to the card, `children` cards of its own under it.
 */
export function PersonalInfo({ user: u, fields, children }: { user: SecurityUser; fields?: ReactNode; children?: ReactNode }) {
  const support = useAppConfig().data?.supportEmail;
  return (
    <Stack gap="md">
      <InfoCard title="Personal Information">
        <Fields>
          <Field label="First Name">{u.firstName?.trim()}</Field>
          <Field label="Last Name">{u.lastName?.trim()}</Field>
          <Field label="Email">{u.email}</Field>
          <Field label="Login ID">{u.loginId}</Field>
          <Field label="Work Phone">{formatUsPhone(u.workPhone)}</Field>
          <Field label="Cell Phone">{formatUsPhone(u.cellPhone)}</Field>
          <Field label="Cell Phone Carrier">{u.cellPhoneCarrier?.trim()}</Field>
          {fields}
        </Fields>
      </InfoCard>
      {children}
      <Alert color="blue" variant="light" title="Need to change something?">
        {PERSONAL_INFO_NOTE}
        {support ? (
          <>
            {' '}
            E-mail:{' '}
            <Anchor href={`mailto:${support}`} c="blue.9" underline="always" inherit>
              {support}
            </Anchor>
          </>
        ) : null}
      </Alert>
    </Stack>
  );
}
