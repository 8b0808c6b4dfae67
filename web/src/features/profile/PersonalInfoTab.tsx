import { Alert, Anchor, Stack } from '@mantine/core';
import { Field, Fields, InfoCard } from '../../components/DataDisplay';
import { useAppConfig } from '../../lib/appConfig';
import { formatUsPhone } from '../../lib/phone';
import type { AppraiserInfo, SecurityUser } from './api';
import { formatOfficeAddress } from './rules';
import { ScorecardCard } from './ScorecardCard';

export const PERSONAL_INFO_NOTE = 'Your personal information can only be changed by our support team. Please contact support to request a change.';

/**
 * Personal Info (read-only; profile tab 1) of `user`; the office address is an
 * appraiser's, so it shows only with `appraiser`.
 */
export function PersonalInfoTab({ user: u, appraiser }: { user: SecurityUser; appraiser?: AppraiserInfo }) {
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
          {appraiser ? <Field label="Office Address">{formatOfficeAddress(appraiser)}</Field> : null}
        </Fields>
      </InfoCard>
      {appraiser ? <ScorecardCard securityUserId={u.id} /> : null}
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
