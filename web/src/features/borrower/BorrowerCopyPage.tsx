import { Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Field, Fields } from '../../components/DataDisplay';
import { DownloadIcon } from '../../components/icons';
import { PageSkeleton } from '../../components/LoadStates';
import { LinkLoadFailed, PublicLinkCard } from '../../components/PublicLinkPage';
import { useAppConfig } from '../../lib/appConfig';
import { formatDateTime } from '../../lib/dates';
import { formatFileSize } from '../../lib/fileSize';
import { borrowerCopyQuery, downloadPath, type CopyLink } from './api';
import { BorrowerReconsiderationSection } from './BorrowerReconsideration';

export const TITLE = 'Your copy of the appraisal';
export const MSG_ECOA = 'You receive this copy under the Equal Credit Opportunity Act; it is free of charge.';

function CopyDetails({ token, copy }: { token: string; copy: CopyLink }) {
  const timeZone = useAppConfig().data?.companyTimeZone ?? null;
  return (
    <>
      <Fields>
        <Field label="Property">{copy.propertyAddress}</Field>
        {copy.lender ? <Field label="Lender">{copy.lender}</Field> : null}
      </Fields>
      <Text>Available until {formatDateTime(copy.expiresAt, timeZone)}</Text>
      <Button component="a" href={downloadPath(token)} download leftSection={<DownloadIcon size={16} />} w="fit-content" maw="100%" styles={{ label: { whiteSpace: 'normal' } }}>
        {`Download the appraisal (PDF, ${formatFileSize(copy.fileSize)})`}
      </Button>
      <Text size="sm" c="gray.8">
        {MSG_ECOA}
      </Text>
      <BorrowerReconsiderationSection token={token} />
    </>
  );
}

/**
 * /borrower/copy/:token: the borrower's copy of the appraisal, opened from the e-mailed link without
 * signing in, and their request for a reconsideration of its value.
 */
export function BorrowerCopyPage() {
  const token = useParams().token ?? '';
  const copy = useQuery(borrowerCopyQuery(token));
  if (copy.isPending) return <PageSkeleton label="Loading your copy" />;
  return <PublicLinkCard title={TITLE}>{copy.isError ? <LinkLoadFailed query={copy} /> : <CopyDetails token={token} copy={copy.data} />}</PublicLinkCard>;
}
