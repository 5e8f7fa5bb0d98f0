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
import { useCustomer } from '@/features/customers';
import { Calculator, prepareCalculator } from '@/features/quotes';
import { commonMessages, useT } from '@/i18n';
import { describeError } from '@/lib/api-error';
import { prefetchTasks, useTasks } from '../api/get-tasks';
import { taskLink } from '../lib/task-links';
import { tasksInOrder } from '../lib/task-order';
import { dashboardMessages } from '../messages';

/**
 * The route's loader: runs beside the signed-in frame's (app/router.tsx), so the tasks and the
 * calculator's first quote are asked for while the frame checks the session. The screen waits
 * for both and paints once, whole: drawn as each answer came, the calculator grew over the
 * tasks below it (Lighthouse counted a layout shift of 0.13). A failure is the screen's to
 * show, in place of what failed.
 */
export async function dashboardLoader(): Promise<null> {
  await Promise.all([prefetchTasks(), prepareCalculator()]);
  return null;
}

const statusText = {
  pending: 'status.pending',
  in_progress: 'status.inProgress',
  completed: 'status.completed',
} as const satisfies Record<Task['status'], string>;

function HalfIcon() {
  return (
    <svg width={16} height={16} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <circle cx="8" cy="8" r="6" fill="none" stroke="currentColor" strokeWidth={2} />
      <path d="M8 2a6 6 0 0 1 0 12z" fill="currentColor" />
    </svg>
  );
}

// The task's status in words and an icon; ui/status-badge.tsx is its design-system form.
function TaskStatus({ status }: { status: Task['status'] }) {
  const t = useT(dashboardMessages);
  // The icon's colour only adds to the word; the text keeps the body colour for contrast.
  const color =
    status === 'completed'
      ? 'var(--mantine-color-green-9)'
      : status === 'in_progress'
        ? 'var(--mantine-color-corridor-9)'
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
        {t(statusText[status])}
      </Text>
    </Group>
  );
}

/** A task still owed: what it is, how to do it, and where. */
function TaskCard({ task, number }: { task: Task; number: number }) {
  const t = useT(dashboardMessages);
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
        <Anchor component={Link} to={taskLink(task.id)} size="sm" fw={600}>
          {t(task.status === 'pending' ? 'task.start' : 'task.continue')}
          <VisuallyHidden>: {task.title}</VisuallyHidden>
        </Anchor>
      </Stack>
    </Paper>
  );
}

/** A task done: one line, its title and "Done", with nothing left to read or follow. */
function DoneTask({ task }: { task: Task }) {
  const t = useT(dashboardMessages);
  return (
    <Group component="li" gap="xs" wrap="nowrap" py={4}>
      <Box component="span" display="inline-flex" style={{ color: 'var(--mantine-color-green-9)' }}>
        <CheckIcon />
      </Box>
      <Title order={3} size="sm" fw={500}>
        {task.title}
      </Title>
      <Text size="sm" c="dimmed">
        {t('status.completed')}
      </Text>
    </Group>
  );
}

function TaskSkeletons() {
  const t = useT(dashboardMessages);
  return (
    <>
      <VisuallyHidden role="status">{t('tasks.loading')}</VisuallyHidden>
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
  const t = useT(dashboardMessages);
  const common = useT(commonMessages);
  const tasks = useTasks();
  if (tasks.isPending) return <TaskSkeletons />;
  if (tasks.isError) {
    return (
      <Alert color="red" title={t('tasks.loadFailed')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{describeError(tasks.error, t('tasks.loadFailedText'))}</Text>
          <Button variant="default" onClick={() => void tasks.refetch()}>
            {common('action.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const { owed, done } = tasksInOrder(tasks.data);
  return (
    <Stack gap="md">
      {owed.length === 0 ? (
        <Text>{t('tasks.none')}</Text>
      ) : (
        <SimpleGrid
          component="ol"
          cols={{ base: 1, sm: 2, lg: 3 }}
          aria-label={t('tasks.list')}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
        >
          {owed.map((task, index) => (
            <TaskCard key={task.id} task={task} number={index + 1} />
          ))}
        </SimpleGrid>
      )}
      {done.length > 0 && (
        <Box
          component="ul"
          aria-label={t('tasks.doneList')}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
        >
          {done.map((task) => (
            <DoneTask key={task.id} task={task} />
          ))}
        </Box>
      )}
    </Stack>
  );
}

/**
 * The customer's home: a welcome, the calculator to price and start a transfer, and their
 * to-dos (docs/product/routes-and-screens.md#dashboard), what is owed first.
 * The design system's page header and status badge (ui/) are to replace the title and status
 * words here once the signed-in shell uses them.
 */
export function DashboardScreen() {
  const t = useT(dashboardMessages);
  const customer = useCustomer();
  const name = customer?.name?.trim();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('title')}</Title>
      <Text size="lg">
        {name !== undefined && name !== '' ? t('welcome.name', { name }) : t('welcome')}
      </Text>
      <Box component="section" aria-labelledby="send-heading">
        <Stack gap="md">
          <Title order={2} size="h3" id="send-heading">
            {t('send.title')}
          </Title>
          <Calculator />
        </Stack>
      </Box>
      <Box component="section" aria-labelledby="tasks-heading">
        <Stack gap="md">
          <Title order={2} size="h3" id="tasks-heading">
            {t('tasks.title')}
          </Title>
          <Tasks />
        </Stack>
      </Box>
    </Stack>
  );
}
