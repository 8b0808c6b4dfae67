import { Badge, Button, Group, NativeSelect, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { EmptyState, InfoCard } from '../../components/DataDisplay';
import { FormDialog } from '../../components/FormDialog';
import { ResponsiveTable, type Column } from '../../components/ResponsiveTable';
import { useCounties, useStates } from '../../lib/lookups';
import { notify } from '../../lib/notify';
import { addCoverageArea, coverageAreasQuery, deleteCoverageArea, type AppraiserInfo, type CoverageArea } from './api';
import { notifyFailure } from './feedback';
import { checkCoverage, formatScore, MSG_COVERAGE_ADD_FAILED, MSG_COVERAGE_ADDED, MSG_COVERAGE_REMOVE_FAILED, MSG_COVERAGE_REMOVED } from './rules';
import { FailureAlert, LoadingRows } from '../../components/LoadStates';

export const MSG_NO_COVERAGE = 'No coverage areas have been added yet.';

function StatusBadge({ verified }: { verified: boolean }) {
  return (
    <Badge color={verified ? 'teal.9' : 'gray.7'} variant="filled" tt="none">
      {verified ? 'Verified' : 'Pending'}
    </Badge>
  );
}

const placeLabel = (a: CoverageArea) => `${a.coverageCounty}, ${a.coverageStateCode}`;

function AddCoverageForm({ appraiserId, onAdded }: { appraiserId: number; onAdded: () => void }) {
  const [state, setState] = useState('');
  const [county, setCounty] = useState('');
  const [error, setError] = useState<string | null>(null);
  const states = useStates();
  const counties = useCounties(state);
  const add = useMutation({
    mutationFn: addCoverageArea,
    onSuccess: () => {
      notify('success', MSG_COVERAGE_ADDED);
      setCounty('');
      onAdded();
    },
    onError: (e) => notifyFailure(e, MSG_COVERAGE_ADD_FAILED),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = checkCoverage(state, county);
    setError(problem);
    if (!problem) add.mutate({ appraiserId, state, county });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="coverage-add-title">
      <Stack gap="xs">
        <Title order={3} size="h5" id="coverage-add-title">
          Add a Coverage Area
        </Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NativeSelect
            label="State"
            data={[{ value: '', label: 'Select a state' }, ...(states.data ?? [])]}
            value={state}
            onChange={(e) => {
              setState(e.currentTarget.value);
              setCounty('');
              setError(null);
            }}
            w={{ base: '100%', xs: 220 }}
          />
          <NativeSelect
            label="County"
            data={[{ value: '', label: state ? 'Select a county' : 'Select a state first' }, ...(counties.data ?? [])]}
            value={county}
            disabled={!state}
            onChange={(e) => {
              setCounty(e.currentTarget.value);
              setError(null);
            }}
            w={{ base: '100%', xs: 240 }}
          />
          <Button type="submit" loading={add.isPending}>
            Add
          </Button>
        </Group>
        {error ? (
          <Text role="alert" size="sm" c="red.9">
            {error}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}

function RemoveButton({ area, onRemove }: { area: CoverageArea; onRemove: (a: CoverageArea) => void }) {
  return (
    <Button size="compact-sm" variant="outline" color="red.9" aria-label={`Remove ${placeLabel(area)}`} onClick={() => onRemove(area)}>
      Remove
    </Button>
  );
}

const COVERAGE_COLUMNS: Column<CoverageArea>[] = [
  { header: 'State', cell: (a) => a.coverageStateCode },
  { header: 'County', cell: (a) => a.coverageCounty },
  { header: 'Status', cell: (a) => <StatusBadge verified={a.verified} /> },
];

function CoverageList({ areas, mobile, onRemove }: { areas: CoverageArea[]; mobile: boolean; onRemove: (a: CoverageArea) => void }) {
  if (areas.length === 0) return <EmptyState message={MSG_NO_COVERAGE} />;
  return (
    <ResponsiveTable
      items={areas}
      columns={COVERAGE_COLUMNS}
      actions={(a) => (
        <Group>
          <RemoveButton area={a} onRemove={onRemove} />
        </Group>
      )}
      label="Coverage areas"
      mobile={mobile}
      idAttribute="data-coverage-id"
    />
  );
}

function RemoveDialog({ appraiserId, area, onClose, onRemoved }: { appraiserId: number; area: CoverageArea | null; onClose: () => void; onRemoved: () => void }) {
  const remove = useMutation({
    mutationFn: deleteCoverageArea,
    onSuccess: () => {
      notify('success', MSG_COVERAGE_REMOVED);
      onRemoved();
    },
    onError: (e) => notifyFailure(e, MSG_COVERAGE_REMOVE_FAILED),
    onSettled: onClose,
  });
  const submit = () => {
    if (!area) return;
    remove.mutate({ appraiserId, coverageAreaId: area.id, county: area.coverageCounty, state: area.coverageStateCode });
  };
  return (
    <FormDialog title="Remove Coverage Area" opened={area !== null} onClose={onClose} onSubmit={submit} submitLabel="Remove" danger busy={remove.isPending} failure={null}>
      <Text>{area ? `Remove ${placeLabel(area)} from the coverage areas?` : null}</Text>
    </FormDialog>
  );
}

/** Coverage Area (profile tab 2; docs/domain.md#coverage-and-onboarding): add by state and county, the list, the score. */
export function CoverageAreaTab({ appraiser, mobile }: { appraiser: AppraiserInfo; mobile: boolean }) {
  const appraiserId = appraiser.securityUser.id;
  const queryClient = useQueryClient();
  const query = useQuery(coverageAreasQuery(appraiserId));
  const [removing, setRemoving] = useState<CoverageArea | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: coverageAreasQuery(appraiserId).queryKey });

  return (
    <Stack gap="md">
      <InfoCard title="Appraiser Score">
        {query.isPending ? <Skeleton height={20} width={140} /> : <Text data-testid="appraiser-score">{formatScore(query.data?.averageScore)}</Text>}
      </InfoCard>
      <InfoCard title="Coverage Areas">
        <AddCoverageForm appraiserId={appraiserId} onAdded={refresh} />
        {query.isPending ? (
          <LoadingRows label="Loading coverage areas" />
        ) : query.isError ? (
          <FailureAlert message={query.error.message} />
        ) : (
          <CoverageList areas={query.data.appraiserCoverageAreas} mobile={mobile} onRemove={setRemoving} />
        )}
      </InfoCard>
      <RemoveDialog appraiserId={appraiserId} area={removing} onClose={() => setRemoving(null)} onRemoved={refresh} />
    </Stack>
  );
}
