import type { Task } from '@corridor/contracts';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { Link } from 'react-router';
import { CheckIcon, DotIcon } from '@/components/status-icons';
import { routes } from '@/config/routes';
import { useCustomer } from '@/features/customers';
import { describeError } from '@/lib/api-error';
import { prefetchTasks, useTasks } from '../api/get-tasks';
import { taskLink } from '../lib/task-links';

/** The route's loader: runs beside the signed-in frame's (app/router.tsx). */
export function dashboardLoader(): null {
  void prefetchTasks();
  return null;
}

const statusText: Record<Task['status'], string> = {
  pending: 'To do',
  in_progress: 'In progress',
  completed: 'Done',
};

function HalfIcon() {
  return (
    <svg width={16} height={16} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <circle cx="8" cy="8" r="6" fill="none" stroke="currentColor" strokeWidth={2} />
      <path d="M8 2a6 6 0 0 1 0 12z" fill="currentColor" />
    </svg>
  );
}

function TaskStatus({ status }: { status: Task['status'] }) {
  // The icon's colour only adds to the word; the text keeps the body colour for contrast.
  const color =
    status === 'completed'
      ? 'var(--mantine-color-green-9)'
      : status === 'in_progress'
        ? 'var(--mantine-color-blue-9)'
        : 'var(--mantine-color-gray-7)';
  return (
    <Group gap={6} wrap="nowrap">
      <Box component="span" display="inline-flex" style={{ color }}>
        {status === 'completed' ? (
          <CheckIcon />
        ) : status === 'in_progress' ? (
          <HalfIcon />
        ) : (
          <DotIcon />
        )}
      </Box>
      <Text size="sm" fw={600}>
        {statusText[status]}
      </Text>
    </Group>
  );
}

function TaskCard({ task, number }: { task: Task; number: number }) {
  const headingId = `task-${task.id}`;
  return (
    <Paper component="li" withBorder p="md">
      <Stack gap="xs">
        <TaskStatus status={task.status} />
        <Title order={3} size="h4" id={headingId}>
          <VisuallyHidden>{number}. </VisuallyHidden>
          {task.title}
        </Title>
        <Text size="sm">{task.description}</Text>
        {task.status !== 'completed' && (
          <Anchor component={Link} to={taskLink(task.id)} size="sm" fw={600}>
            {task.status === 'pending' ? 'Start' : 'Continue'}
            <VisuallyHidden>: {task.title}</VisuallyHidden>
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}

function TaskSkeletons() {
  return (
    <>
      <VisuallyHidden role="status">Loading your tasks</VisuallyHidden>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-hidden="true">
        {[0, 1, 2].map((key) => (
          <Paper key={key} withBorder p="md">
            <Stack gap="xs">
              <Skeleton height={14} width="30%" />
              <Skeleton height={20} width="70%" />
              <Skeleton height={14} />
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </>
  );
}

function Tasks() {
  const tasks = useTasks();
  if (tasks.isPending) return <TaskSkeletons />;
  if (tasks.isError) {
    return (
      <Alert color="red" title="Your tasks could not be loaded">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{describeError(tasks.error, 'Something went wrong on our side.')}</Text>
          <Button variant="default" onClick={() => void tasks.refetch()}>
            Retry
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (tasks.data.length === 0) return <Text>You have nothing to do right now.</Text>;
  return (
    <SimpleGrid
      component="ol"
      cols={{ base: 1, sm: 2, lg: 3 }}
      aria-label="Your tasks"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {tasks.data.map((task, index) => (
        <TaskCard key={task.id} task={task} number={index + 1} />
      ))}
    </SimpleGrid>
  );
}

/** The customer's home: a welcome and their to-dos (original product §4.1). */
export function DashboardScreen() {
  const customer = useCustomer();
  const name = customer?.name?.trim();
  return (
    <Stack gap="lg">
      <Title order={1}>{routes.dashboard.title}</Title>
      <Text size="lg">{name !== undefined && name !== '' ? `Welcome, ${name}` : 'Welcome'}</Text>
      <Box component="section" aria-labelledby="tasks-heading">
        <Stack gap="md">
          <Title order={2} size="h3" id="tasks-heading">
            Things to do
          </Title>
          <Tasks />
        </Stack>
      </Box>
    </Stack>
  );
}
