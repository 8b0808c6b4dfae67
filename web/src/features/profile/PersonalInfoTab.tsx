import { Field } from '../../components/DataDisplay';
import { PersonalInfo } from '../../components/PersonalInfo';
import type { SecurityUser } from '../../lib/myAccount';
import type { AppraiserInfo } from './api';
import { formatOfficeAddress } from './rules';
import { ScorecardCard } from './ScorecardCard';

/**
 * Personal Info (read-only; profile tab 1) of `user`; the office address and the scorecard are an
 * appraiser's, so they show only with `appraiser`.
 */
export function PersonalInfoTab({ user, appraiser }: { user: SecurityUser; appraiser?: AppraiserInfo }) {
  return (
    <PersonalInfo user={user} fields={appraiser ? <Field label="Office Address">{formatOfficeAddress(appraiser)}</Field> : null}>
      {appraiser ? <ScorecardCard securityUserId={user.id} /> : null}
    </PersonalInfo>
  );
}
