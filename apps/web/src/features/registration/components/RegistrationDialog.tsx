import type { Profile, SchoolStatesResponse, UserMetadataFlags } from '@app/contract';
import {
  Alert,
  Box,
  Button,
  Group,
  List,
  Loader,
  LoadingOverlay,
  Modal,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { PasswordFields } from '../../../components/PasswordFields';
import { de } from '../../../i18n/de';
import { confirmationError, passwordError } from '../../../lib/passwordRules';
import { toast, toastApiError } from '../../../lib/toast';
import { passwordUpdateOutcome, useAuth } from '../../auth';
import { updateUserFlags, userFlagsQueryOptions } from '../flags';
import {
  createMissingSubjects,
  profileQueryOptions,
  saveProfile,
  schoolStatesQueryOptions,
} from '../queries';
import {
  EMPTY_SCHOOL,
  isOptionalStep,
  LAST_STEP,
  profileMetaData,
  schoolForProfile,
  stateCode,
  stepProgress,
  STEPS,
  type SchoolValues,
  type WizardValues,
} from '../wizard';
import { NameFields } from './NameFields';
import { SchoolFields } from './SchoolFields';
import { SubjectChips } from './SubjectChips';

/**
 * Decides whether the registration dialog opens for the signed-in user (PRODUCT.md §2: no profile, or a
 * missing `registration_completed` / `profile_setup_done` flag) and shows it. Mounted once for users with a
 * permitted role on the paths where it may open (RegistrationGate in lazy.tsx).
 */
export function RegistrationCheck({ userId }: { userId: string }) {
  const auth = useAuth();
  const flags = useQuery(userFlagsQueryOptions(auth, userId));
  const flagsDone = flags.data?.registration_completed === true && flags.data.profile_setup_done === true;
  const profile = useQuery({ ...profileQueryOptions, enabled: flags.isSuccess });
  // With the flags missing it opens at once (its overlay covers the loading profile); otherwise only once the
  // profile turned out to be missing.
  const open = flags.isSuccess && (!flagsDone || (profile.isSuccess && profile.data === null));
  if (!open) return null;
  return (
    <RegistrationDialog
      userId={userId}
      flags={flags.data}
      profile={profile.data}
      profileLoading={profile.isPending}
    />
  );
}

interface RegistrationDialogProps {
  userId: string;
  flags: UserMetadataFlags;
  /** undefined while loading (or when it could not be loaded: the dialog then starts empty). */
  profile: Profile | null | undefined;
  profileLoading: boolean;
}

/**
 * The registration dialog (PRODUCT.md §2, §4): a modal the user cannot close, four steps with a progress bar,
 * a full overlay with a spinner while its data loads.
 */
export function RegistrationDialog({ userId, flags, profile, profileLoading }: RegistrationDialogProps) {
  const states = useQuery(schoolStatesQueryOptions);
  const statesFailedAt = states.isError ? states.errorUpdatedAt : 0;
  useEffect(() => {
    if (statesFailedAt) toast.error(de.toasts.registration.statesLoadFailed);
  }, [statesFailedAt]);
  const loading = profileLoading || states.isPending;

  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      size={600}
      centered
      title={de.registration.dialogLabel}
      styles={{ title: { fontWeight: 600 } }}
    >
      <Box pos="relative" mih={loading ? 320 : undefined}>
        <LoadingOverlay
          visible={loading}
          zIndex={1000}
          overlayProps={{ blur: 1 }}
          loaderProps={{
            children: (
              <Stack align="center" gap="xs" role="status">
                <Loader />
                <Text size="sm">{de.registration.loading}</Text>
              </Stack>
            ),
          }}
        />
        {loading ? null : (
          <Wizard
            userId={userId}
            hasPasswordInitially={flags.has_password === true}
            profile={profile ?? null}
            // Without the states answer the school is free text (the toast said why).
            directory={states.data ?? { directory: false, source: null, states: [] }}
          />
        )}
      </Box>
    </Modal>
  );
}

interface WizardProps {
  userId: string;
  hasPasswordInitially: boolean;
  profile: Profile | null;
  directory: SchoolStatesResponse;
}

type Touched = Partial<Record<'firstName' | 'lastName' | 'password' | 'passwordConfirmation', boolean>>;

function initialSchool(profile: Profile | null): SchoolValues {
  const school = profile?.meta_data.school;
  if (!school) return EMPTY_SCHOOL;
  return { state: stateCode(school.bundesland), city: school.city, schule: school.schule };
}

/** The wizard's step and answers in this tab, so a reload goes on where it was (never the password). */
interface SavedWizard {
  step: number;
  values: Omit<WizardValues, 'password' | 'passwordConfirmation'>;
}
const savedWizardKey = (userId: string) => `klassenzimmer.registration.${userId}`;

function savedWizard(userId: string, profile: Profile | null): SavedWizard | null {
  try {
    const raw = sessionStorage.getItem(savedWizardKey(userId));
    if (!raw) return null;
    const saved = JSON.parse(raw) as SavedWizard;
    if (typeof saved.step !== 'number' || typeof saved.values !== 'object') return null;
    // Past the first step only once its name was saved as the profile.
    return { ...saved, step: profile ? Math.max(0, Math.min(saved.step, LAST_STEP)) : 0 };
  } catch {
    return null;
  }
}

function Wizard({ userId, hasPasswordInitially, profile, directory }: WizardProps) {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const [saved] = useState(() => savedWizard(userId, profile));
  const [step, setStep] = useState(saved?.step ?? 0);
  const [values, setValues] = useState<WizardValues>(() => ({
    firstName: profile?.meta_data.first_name ?? '',
    lastName: profile?.meta_data.last_name ?? '',
    school: initialSchool(profile),
    subjects: [],
    ...saved?.values,
    password: '',
    passwordConfirmation: '',
  }));
  const { password: _password, passwordConfirmation: _confirmation, ...kept } = values;
  const keptJson = JSON.stringify({ step, values: kept } satisfies SavedWizard);
  useEffect(() => {
    try {
      sessionStorage.setItem(savedWizardKey(userId), keptJson);
    } catch {
      // Storage full or blocked: a reload starts over, as before.
    }
  }, [userId, keptJson]);
  const [hasPassword, setHasPassword] = useState(hasPasswordInitially);
  const [touched, setTouched] = useState<Touched>({});
  const [passwordMessages, setPasswordMessages] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const bodyRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The profile as last saved (the dialog keeps what it does not ask for, e.g. the avatar).
  const savedProfile = useQuery({ ...profileQueryOptions, enabled: false }).data ?? profile;

  const t = de.registration;
  const key = STEPS[step] ?? 'welcome';
  const progress = stepProgress(step, values, hasPassword);
  const optional = isOptionalStep(step);
  const last = step === LAST_STEP;

  // Each step starts at its first field (or its heading when it has none), for keyboard and screen readers:
  // once per step, after the step's save has settled (the fields are disabled while it runs).
  const focusedStep = useRef('');
  useEffect(() => {
    const stepKey = `${String(step)}:${String(hasPassword)}`;
    if (busy || focusedStep.current === stepKey) return;
    focusedStep.current = stepKey;
    const field = bodyRef.current?.querySelector<HTMLElement>('input:not([disabled]):not([type="hidden"])');
    (field ?? headingRef.current)?.focus();
  }, [step, hasPassword, busy]);

  const touch = (field: keyof Touched) => setTouched((prev) => ({ ...prev, [field]: true }));
  const set = <K extends keyof WizardValues>(field: K, value: WizardValues[K]) =>
    setValues((prev) => ({ ...prev, [field]: value }));

  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  }

  /** Leaving the name step: the profile is created or updated, `registration_pending` set (PRODUCT.md §4). */
  async function leaveWelcome() {
    try {
      await saveProfile(queryClient, profileMetaData(values, savedProfile?.meta_data, false));
      await updateUserFlags(auth, queryClient, userId, { registration_pending: true });
    } catch (error) {
      toastApiError(error, de.toasts.registration.profileUpdateFailed);
      return;
    }
    setStep(1);
  }

  /** PRODUCT.md §8 "Password update": same_password counts as set; anything else refused stays here. */
  async function leaveSecurity() {
    if (hasPassword) {
      setStep(2);
      return;
    }
    setPasswordMessages([]);
    let error: unknown = null;
    try {
      const client = await auth.client();
      ({ error } = await client.updateUser({ password: values.password, data: { has_password: true } }));
    } catch (thrown) {
      error = thrown ?? new Error('update failed');
    }
    const outcome = passwordUpdateOutcome(error);
    if (!outcome.advance) {
      setPasswordMessages(outcome.messages);
      return;
    }
    if (error) {
      // same_password: the server changed nothing, so the flag is set on its own; failing that only means the
      // fields come back next time.
      await updateUserFlags(auth, queryClient, userId, { has_password: true }).catch(() => undefined);
    } else {
      queryClient.setQueryData(userFlagsQueryOptions(auth, userId).queryKey, (prev) => ({
        ...prev,
        has_password: true,
      }));
    }
    setHasPassword(true);
    setValues((prev) => ({ ...prev, password: '', passwordConfirmation: '' }));
    setStep(2);
  }

  /**
   * Fertig (PRODUCT.md §4): the profile (the school only when complete), each chosen subject the teacher does
   * not have yet, then the flags. A failure stays on the step with everything typed.
   */
  async function finish(subjects: string[]) {
    const school = schoolForProfile(values.school);
    try {
      await saveProfile(queryClient, profileMetaData(values, savedProfile?.meta_data, true));
    } catch (error) {
      toastApiError(
        error,
        school ? de.toasts.registration.schoolSaveFailed : de.toasts.registration.profileSaveFailed,
      );
      return;
    }
    try {
      await createMissingSubjects(queryClient, subjects);
    } catch (error) {
      toastApiError(error, de.toasts.subjects.createFailed);
      return;
    }
    try {
      await updateUserFlags(auth, queryClient, userId, {
        registration_pending: false,
        registration_completed: true,
        profile_setup_done: true,
      });
    } catch (error) {
      toastApiError(error, de.toasts.registration.profileUpdateFailed);
      return;
    }
    try {
      sessionStorage.removeItem(savedWizardKey(userId));
    } catch {
      // Nothing kept.
    }
    toast.success(de.toasts.registration.completed);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (progress < 100) {
      setTouched({ firstName: true, lastName: true, password: true, passwordConfirmation: true });
      return;
    }
    void run(async () => {
      if (key === 'welcome') await leaveWelcome();
      else if (key === 'security') await leaveSecurity();
      else if (key === 'school') setStep(3);
      else await finish(values.subjects);
    });
  };

  const skip = () => {
    if (busy) return;
    if (key === 'school') {
      // Skipping drops what was typed in this step; the profile keeps the school it had.
      set('school', initialSchool(savedProfile));
      setStep(3);
    } else {
      set('subjects', []);
      void run(() => finish([]));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <StepIndicators step={step} values={values} hasPassword={hasPassword} />
        <Title order={3} size="h4" ref={headingRef} tabIndex={-1}>
          {t[key].heading}
        </Title>
        <div ref={bodyRef}>
          {key === 'welcome' ? (
            <Stack gap="sm">
              <Text size="sm">{t.welcome.intro}</Text>
              <NameFields
                firstName={values.firstName}
                lastName={values.lastName}
                onChange={set}
                touched={{ firstName: !!touched.firstName, lastName: !!touched.lastName }}
                onTouch={touch}
                disabled={busy}
              />
            </Stack>
          ) : null}
          {key === 'security' ? (
            hasPassword ? (
              <Alert color="teal" title={t.security.alreadySet} role="status">
                {t.security.alreadySetHint}
              </Alert>
            ) : (
              <Stack gap="sm">
                <Text size="sm">{t.security.intro}</Text>
                <Stack gap="sm">
                  <PasswordFields
                    password={{
                      value: values.password,
                      onChange: (event) => set('password', event.currentTarget.value),
                      onBlur: () => touch('password'),
                      error: touched.password ? passwordError(values.password) : null,
                    }}
                    confirmation={{
                      value: values.passwordConfirmation,
                      onChange: (event) => set('passwordConfirmation', event.currentTarget.value),
                      onBlur: () => touch('passwordConfirmation'),
                      error: touched.passwordConfirmation
                        ? confirmationError(values.password, values.passwordConfirmation)
                        : null,
                    }}
                    idPrefix="registration-password"
                    disabled={busy}
                    autoFocus
                  />
                </Stack>
                {passwordMessages.length > 0 ? (
                  <Alert color="red" role="alert">
                    {passwordMessages.length === 1 ? (
                      passwordMessages[0]
                    ) : (
                      <List size="sm">
                        {passwordMessages.map((message) => (
                          <List.Item key={message}>{message}</List.Item>
                        ))}
                      </List>
                    )}
                  </Alert>
                ) : null}
              </Stack>
            )
          ) : null}
          {key === 'school' ? (
            <Stack gap="sm">
              <Text size="sm">{t.school.intro}</Text>
              <SchoolFields
                value={values.school}
                onChange={(school) => set('school', school)}
                directory={directory.directory}
                source={directory.source}
                disabled={busy}
              />
            </Stack>
          ) : null}
          {key === 'subjects' ? (
            <Stack gap="sm">
              <Text size="sm">{t.subjects.intro}</Text>
              <SubjectChips
                value={values.subjects}
                onChange={(names) => set('subjects', names)}
                disabled={busy}
              />
            </Stack>
          ) : null}
        </div>
        {/* Small buttons: Zurück, Überspringen and Weiter fit one line at 360 px; narrower, they wrap. */}
        <Group justify="space-between" gap="xs" mt="xs">
          {step > 0 ? (
            <Button variant="default" size="sm" onClick={() => setStep(step - 1)} disabled={busy}>
              {t.buttons.back}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="xs" justify="flex-end" ml="auto">
            {optional ? (
              <Button variant="subtle" size="sm" onClick={skip} disabled={busy}>
                {t.buttons.skip}
              </Button>
            ) : null}
            <Button type="submit" size="sm" disabled={progress < 100} loading={busy}>
              {last ? t.buttons.finish : t.buttons.next}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** The four steps as numbered marks with tooltips, and the progress bar under them. */
function StepIndicators({
  step,
  values,
  hasPassword,
}: {
  step: number;
  values: WizardValues;
  hasPassword: boolean;
}) {
  const t = de.registration;
  const current = stepProgress(step, values, hasPassword);
  const value = ((step + current / 100) / STEPS.length) * 100;
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap" gap={4}>
        {STEPS.map((key, index) => {
          const done = index < step || (index === step && current === 100);
          const state = done ? t.stepDone : t.stepOpen;
          const label = `${t.stepOf(index + 1, STEPS.length, t.steps[key])} – ${state}${
            isOptionalStep(index) ? ` (${t.stepOptional})` : ''
          }`;
          return (
            <Tooltip key={key} label={label} withArrow events={{ hover: true, focus: false, touch: true }}>
              <Group gap={6} wrap="nowrap" data-step={key} aria-current={index === step ? 'step' : undefined}>
                <ThemeIcon
                  radius="xl"
                  size="md"
                  variant={index === step ? 'filled' : done ? 'light' : 'default'}
                  aria-hidden="true"
                >
                  <Text size="xs" fw={700} c="inherit">
                    {done && index !== step ? '✓' : String(index + 1)}
                  </Text>
                </ThemeIcon>
                <Text size="xs" visibleFrom="xs" fw={index === step ? 600 : 400}>
                  {t.steps[key]}
                </Text>
              </Group>
            </Tooltip>
          );
        })}
      </Group>
      <Progress value={value} size="sm" aria-label={t.progressLabel} transitionDuration={200} />
      <VisuallyHidden aria-live="polite">
        {t.stepOf(step + 1, STEPS.length, t.steps[STEPS[step] ?? 'welcome'])}
      </VisuallyHidden>
    </Stack>
  );
}
