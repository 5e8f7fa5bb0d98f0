import type { Customer } from '@corridor/contracts';
import { Box, Button, Group, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { CheckIcon, DotIcon } from '@/components/status-icons';
import { pathTo, routes } from '@/config/routes';
import { useCustomer } from '@/features/customers';
import { safeRedirect } from '@/lib/safe-redirect';
import {
  currentStep,
  listedSteps,
  onboardingSteps,
  owedSteps,
  type OnboardingStep,
} from '../lib/onboarding-steps';

type StepState = 'done' | 'current' | 'upcoming';

const stateWords: Record<StepState, string> = {
  done: 'done',
  current: 'current step',
  upcoming: 'to do',
};

function StepList({ states }: { states: readonly [OnboardingStep, StepState][] }) {
  return (
    <Box component="ol" aria-label="Signup steps" m={0} p={0} style={{ listStyle: 'none' }}>
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
            {index + 1}. {step.title}
            <VisuallyHidden>: {stateWords[state]}</VisuallyHidden>
          </Text>
        </Group>
      ))}
    </Box>
  );
}

function conditionalOwed(customer: Customer | undefined): string[] {
  if (customer === undefined) return [];
  return owedSteps(customer)
    .filter((step) => step.conditional)
    .map((step) => step.id);
}

/** Completing sign-up, one step at a time, resuming at the first step still owed. */
export function OnboardingWorkflowScreen() {
  const customer = useCustomer();
  const [searchParams] = useSearchParams();
  // Where the customer was going before sign-in sent them here.
  const destination = safeRedirect(searchParams.get('redirect'), pathTo('dashboard'));
  // A customer who arrives owing nothing goes on at once; one who finishes here sees "done".
  const [arrivedOwing] = useState(
    () => customer === undefined || currentStep(customer) !== undefined,
  );
  // Conditional steps owed at some point of this visit stay listed once done.
  const [seen, setSeen] = useState<ReadonlySet<string>>(() => new Set(conditionalOwed(customer)));
  const newlyOwed = conditionalOwed(customer).filter((id) => !seen.has(id));
  if (newlyOwed.length > 0) setSeen(new Set([...seen, ...newlyOwed]));

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
        <Title order={1}>{routes.onboardingWorkflow.title}</Title>
        <Loader size="sm" role="status" aria-label="Loading" />
      </Stack>
    );
  }

  if (step === undefined && !arrivedOwing) return <Navigate to={destination} replace />;

  const listed = listedSteps(customer, seen, onboardingSteps);
  const states = listed.map((candidate): [OnboardingStep, StepState] => [
    candidate,
    !candidate.isOwed(customer) ? 'done' : candidate === step ? 'current' : 'upcoming',
  ]);
  const position = step === undefined ? -1 : listed.indexOf(step);

  return (
    <Stack gap="lg" maw={560}>
      <Title order={1}>{routes.onboardingWorkflow.title}</Title>
      <StepList states={states} />
      {step !== undefined ? (
        <Stack component="section" gap="md" aria-labelledby={`step-${step.id}`}>
          <Text size="sm" c="gray.7" fw={500}>
            Step {position + 1} of {listed.length}
          </Text>
          <Title order={2} id={`step-${step.id}`} size="h3" ref={headingRef} tabIndex={-1}>
            {step.title}
          </Title>
          <step.Component key={step.id} customer={customer} />
        </Stack>
      ) : (
        <Stack component="section" gap="md" aria-labelledby="onboarding-complete">
          <Title order={2} id="onboarding-complete" size="h3" ref={headingRef} tabIndex={-1}>
            You are all set
          </Title>
          <Text>Thank you. Your account is ready to use.</Text>
          <Group>
            <Button component={Link} to={destination}>
              {destination === pathTo('dashboard') ? 'Go to your dashboard' : 'Continue'}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
