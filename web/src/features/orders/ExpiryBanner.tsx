import { Alert, Anchor, List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { type Schemas } from '../../lib/api';
import { appraiserMeQuery, licencesQuery, type AppraiserInfo } from '../../lib/appraiserMe';
import { formatDay } from '../../lib/dates';
import { UserType } from '../../lib/roles';
import { useCurrentUser } from '../../lib/session';

type License = Schemas['License'];

/** What has run out by `todayIso` (yyyy-mm-dd in the company's time zone), in words. */
export function expiredItems(eno: Pick<AppraiserInfo, 'enoExpirationDate'> | null | undefined, licenses: License[], todayIso: string): string[] {
  const expired: string[] = [];
  if (eno?.enoExpirationDate && eno.enoExpirationDate < todayIso) {
    expired.push(`Your E&O insurance expired on ${formatDay(eno.enoExpirationDate)}.`);
  }
  for (const l of licenses) {
    if (l.expirationDate < todayIso) expired.push(`Your ${l.type} licence in ${l.stateCode} expired on ${formatDay(l.expirationDate)}.`);
  }
  return expired;
}

export const MSG_EXPIRED_CONSEQUENCE =
  'Until it is renewed you are not offered new orders (for an expired licence, in that state). Send the renewal to staff, or update it under Certifications.';

/** The red banner on an appraiser's dashboard when their E&O insurance or a licence has expired. */
export function ExpiryBanner({ todayIso }: { todayIso: string }) {
  const { data: user } = useCurrentUser();
  const enabled = user?.userType === UserType.APPRAISER || user?.userType === UserType.APPRAISER_ADMIN;
  const { data: me } = useQuery({ ...appraiserMeQuery(), enabled });
  const userId = me?.securityUser.id;
  const licenses = useQuery({ ...licencesQuery(userId ?? 0), enabled: enabled && userId !== undefined });
  // Shown whole, once the licences are known too: a banner that grew a line later would move the page.
  if (userId !== undefined && licenses.isPending) return null;
  const expired = expiredItems(me, licenses.data ?? [], todayIso);
  if (expired.length === 0) return null;
  return (
    <Alert color="red.9" variant="outline" title="Expired insurance or licence" role="alert">
      <List size="sm" spacing={2}>
        {expired.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      <Text size="sm" mt="xs">
        {MSG_EXPIRED_CONSEQUENCE}{' '}
        <Anchor component={Link} to="/profile/me/certifications" inherit>
          Open Certifications
        </Anchor>
      </Text>
    </Alert>
  );
}
