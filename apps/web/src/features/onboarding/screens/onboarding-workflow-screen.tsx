import { Box, Button, Group, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { CheckIcon, DotIcon } from '../../../components/status-icons';
import { pathTo, routes } from '../../../config/routes';
import { safeRedirect } from '../../../lib/safe-redirect';
import { useCustomer } from '../../customer/customer-store';
import { currentStep, onboardingSteps, type OnboardingStep } from '../lib/onboarding-steps';

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

/** Completing sign-up, one step at a time, resuming at the first step not yet done. */
export function OnboardingWorkflowScreen() {
  const customer = useCustomer();
  const [searchParams] = useSearchParams();
  // Where the customer was going before sign-in sent them here.
  const destination = safeRedirect(searchParams.get('redirect'), pathTo('dashboard'));

  if (customer === undefined) {
    // The signed-in loader has stored the customer; this only shows if it was just cleared.
    return (
      <Stack gap="lg">
        <Title order={1}>{routes.onboardingWorkflow.title}</Title>
        <Loader size="sm" role="status" aria-label="Loading" />
      </Stack>
    );
  }

  const step = currentStep(customer);
  const states = onboardingSteps.map((candidate): [OnboardingStep, StepState] => [
    candidate,
    candidate.isComplete(customer) ? 'done' : candidate === step ? 'current' : 'upcoming',
  ]);

  return (
    <Stack gap="lg" maw={560}>
      <Title order={1}>{routes.onboardingWorkflow.title}</Title>
      <StepList states={states} />
      {step !== undefined ? (
        <Stack component="section" gap="md" aria-labelledby={`step-${step.id}`}>
          <Title order={2} id={`step-${step.id}`} size="h3">
            {step.title}
          </Title>
          <step.Component customer={customer} />
        </Stack>
      ) : (
        <Stack component="section" gap="md" aria-labelledby="onboarding-complete">
          <Title order={2} id="onboarding-complete" size="h3">
            Your email is verified
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
