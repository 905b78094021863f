import type { Profile, SchoolStatesResponse, Subject } from '@app/contract';
import { isSchoolComplete, isSchoolStepComplete } from '@app/contract';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { de } from '../../../i18n/de';
import { toast, toastApiError } from '../../../lib/toast';
import { useSession } from '../../auth';
import { subjectsOf, subjectsQueryOptions } from '../../subjects/queries';
import {
  createMissingSubjects,
  existingSubjectNames,
  profileQueryOptions,
  saveProfile,
  schoolStatesQueryOptions,
} from '../queries';
import {
  EMPTY_SCHOOL,
  firstNameError,
  lastNameError,
  profileMetaData,
  schoolForProfile,
  stateCode,
  stateName,
  type SchoolValues,
} from '../wizard';
import { NameFields } from './NameFields';
import { SchoolFields } from './SchoolFields';
import { SubjectChips } from './SubjectChips';

/**
 * The signed-in user's name, school and subjects with the registration dialog's fields, saved through
 * `PUT /api/profile`; newly ticked subjects are created (PRODUCT.md §4). For the `/account` page.
 */
export function ProfileSettings() {
  const profile = useQuery(profileQueryOptions);
  const states = useQuery(schoolStatesQueryOptions);
  const subjects = useQuery(subjectsQueryOptions);
  const me = useSession().session?.user?.id;
  const t = de.registration.settings;

  if (profile.isPending || subjects.isPending || states.isPending) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text size="sm">{de.registration.loading}</Text>
      </Group>
    );
  }
  if (profile.isError || subjects.isError) {
    return (
      <Alert color="red" role="alert" title={t.loadFailed}>
        <Button
          variant="light"
          color="red"
          mt="xs"
          onClick={() => void Promise.all([profile.refetch(), subjects.refetch()])}
        >
          {de.loadError.retry}
        </Button>
      </Alert>
    );
  }
  return (
    <ProfileForm
      // A fresh form once another profile arrives (e.g. saved in the registration dialog meanwhile).
      key={profile.data?.updated_at ?? 'none'}
      profile={profile.data}
      subjects={subjectsOf(subjects.data, me)}
      directory={states.data ?? { directory: false, source: null, states: [] }}
    />
  );
}

function schoolOf(profile: Profile | null): SchoolValues {
  const school = profile?.meta_data.school;
  return school
    ? { state: stateCode(school.bundesland), city: school.city, schule: school.schule }
    : EMPTY_SCHOOL;
}

interface ProfileFormProps {
  profile: Profile | null;
  subjects: Subject[];
  directory: SchoolStatesResponse;
}

function ProfileForm({ profile, subjects, directory }: ProfileFormProps) {
  const queryClient = useQueryClient();
  const t = de.registration.settings;
  const [firstName, setFirstName] = useState(profile?.meta_data.first_name ?? '');
  const [lastName, setLastName] = useState(profile?.meta_data.last_name ?? '');
  const [school, setSchool] = useState<SchoolValues>(() => schoolOf(profile));
  const [chosen, setChosen] = useState<string[]>([]);
  const [touched, setTouched] = useState({ firstName: false, lastName: false });
  const [saving, setSaving] = useState(false);
  const existing = existingSubjectNames(subjects);
  const namesValid = firstNameError(firstName) === null && lastNameError(lastName) === null;
  const schoolPartial =
    isSchoolStepComplete({ bundesland: school.state, city: school.city, schule: school.schule }) &&
    !isSchoolComplete({ bundesland: stateName(school.state), city: school.city, schule: school.schule });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!namesValid) {
      setTouched({ firstName: true, lastName: true });
      return;
    }
    setSaving(true);
    try {
      try {
        await saveProfile(
          queryClient,
          profileMetaData({ firstName, lastName, school }, profile?.meta_data, true),
        );
      } catch (error) {
        toastApiError(
          error,
          schoolForProfile(school)
            ? de.toasts.registration.schoolSaveFailed
            : de.toasts.registration.profileSaveFailed,
        );
        return;
      }
      try {
        await createMissingSubjects(queryClient, chosen);
      } catch (error) {
        toastApiError(error, de.toasts.subjects.createFailed);
        return;
      }
      setChosen([]);
      toast.success(t.saved);
    } finally {
      setSaving(false);
    }
  };

  return (
    // The page around it gives the heading (de.registration.settings.heading).
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t.heading}>
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          {t.intro}
        </Text>
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t.nameHeading}
          </Title>
          <NameFields
            firstName={firstName}
            lastName={lastName}
            onChange={(field, value) => (field === 'firstName' ? setFirstName(value) : setLastName(value))}
            touched={touched}
            onTouch={(field) => setTouched((prev) => ({ ...prev, [field]: true }))}
            disabled={saving}
          />
        </Stack>
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t.schoolHeading}
          </Title>
          <SchoolFields
            value={school}
            onChange={setSchool}
            directory={directory.directory}
            source={directory.source}
            disabled={saving}
          />
          {schoolPartial ? (
            <Text size="sm" c="orange.8">
              {t.schoolIncomplete}
            </Text>
          ) : null}
        </Stack>
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t.subjectsHeading}
          </Title>
          <Text size="sm" c="dimmed">
            {t.subjectsHint}
          </Text>
          <SubjectChips value={chosen} onChange={setChosen} existing={existing} disabled={saving} />
        </Stack>
        <Group>
          <Button type="submit" loading={saving} disabled={!namesValid}>
            {t.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
