import { Title } from '@mantine/core';
import { routes } from '../../../config/routes';

export function OnboardingWorkflowScreen() {
  return <Title order={1}>{routes.onboardingWorkflow.title}</Title>;
}
