import { Box, Button, Group, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { CheckIcon, DotIcon } from '@/components/status-icons';
import { pathTo } from '@/config/routes';
import { useCustomer } from '@/features/customers';
import { commonMessages, useT } from '@/i18n';
import { safeRedirect } from '@/lib/safe-redirect';
import { currentStep, listedSteps, type OnboardingStep } from '../lib/onboarding-steps';
import { onboardingMessages } from '../messages';

type StepState = 'done' | 'current' | 'upcoming';

const stateWords = {
  done: 'state.done',
  current: 'state.current',
  upcoming: 'state.upcoming',
} as const satisfies Record<StepState, string>;

// The steps' states as icons and words; ui/timeline.tsx could draw it once it fits a checklist.
function StepList({ states }: { states: readonly [OnboardingStep, StepState][] }) {
  const t = useT(onboardingMessages);
  return (
    <Box component="ol" aria-label={t('steps.label')} m={0} p={0} style={{ listStyle: 'none' }}>
      {states.map(([step, state], index) => (
        <Group
          component="li"
          key={step.id}
          gap="xs"
          wrap="nowrap"
          aria-current={state === 'current' ? 'step' : undefined}
        >
          <Box
            component="span"
            display="inline-flex"
            style={{
              color:
                state === 'done' ? 'var(--mantine-color-green-9)' : 'var(--mantine-color-gray-7)',
            }}
          >
            {state === 'done' ? <CheckIcon /> : <DotIcon />}
          </Box>
          <Text size="sm" fw={state === 'current' ? 700 : 400}>
            {t('steps.item', { number: index + 1, title: t(step.title) })}
            <VisuallyHidden>: {t(stateWords[state])}</VisuallyHidden>
          </Text>
        </Group>
      ))}
    </Box>
  );
}

/** Completing sign-up, one step at a time, resuming at the first step still owed. */
export function OnboardingWorkflowScreen() {
  const t = useT(onboardingMessages);
  const common = useT(commonMessages);
  const customer = useCustomer();
  const [searchParams] = useSearchParams();
  // Where the customer was going before sign-in sent them here.
  const destination = safeRedirect(searchParams.get('redirect'), pathTo('dashboard'));
  // A customer who arrives owing nothing goes on at once; one who finishes here sees "done".
  const [arrivedOwing] = useState(
    () => customer === undefined || currentStep(customer) !== undefined,
  );
  const step = customer === undefined ? undefined : currentStep(customer);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const stepId = step?.id;
  const shownStepId = useRef(stepId);
  useEffect(() => {
    // After a step is saved, the next one's heading (or "all set") takes focus, so it is read out.
    if (shownStepId.current !== stepId) {
      shownStepId.current = stepId;
      headingRef.current?.focus();
    }
  }, [stepId]);

  if (customer === undefined) {
    // The signed-in loader has stored the customer; this only shows if it was just cleared.
    return (
      <Stack gap="lg">
        <Title order={1}>{t('title')}</Title>
        <Loader size="sm" role="status" aria-label={t('loading')} />
      </Stack>
    );
  }

  if (step === undefined && !arrivedOwing) return <Navigate to={destination} replace />;

  // One list, read from the customer alone: the count holds across reloads (defect 16).
  const listed = listedSteps(customer);
  const states = listed.map((candidate): [OnboardingStep, StepState] => [
    candidate,
    !candidate.isOwed(customer) ? 'done' : candidate === step ? 'current' : 'upcoming',
  ]);
  const position = step === undefined ? -1 : listed.indexOf(step);

  return (
    <Stack gap="lg" maw={560}>
      <Title order={1}>{t('title')}</Title>
      <StepList states={states} />
      {step !== undefined ? (
        <Stack component="section" gap="md" aria-labelledby={`step-${step.id}`}>
          <Text size="sm" c="dimmed" fw={500}>
            {t('position', { position: position + 1, count: listed.length })}
          </Text>
          <Title order={2} id={`step-${step.id}`} size="h3" ref={headingRef} tabIndex={-1}>
            {t(step.title)}
          </Title>
          <step.Component key={step.id} customer={customer} />
        </Stack>
      ) : (
        <Stack component="section" gap="md" aria-labelledby="onboarding-complete">
          <Title order={2} id="onboarding-complete" size="h3" ref={headingRef} tabIndex={-1}>
            {t('complete.title')}
          </Title>
          <Text>{t('complete.text')}</Text>
          <Group>
            <Button component={Link} to={destination}>
              {destination === pathTo('dashboard')
                ? t('complete.dashboard')
                : common('action.continue')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
