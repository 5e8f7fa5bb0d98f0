import type { Task } from '@corridor/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setCustomer } from '@/features/customers';
import { setLocale } from '@/i18n';
import { customerFixture, onboardedCustomerFixture } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { quoteFixture } from '@/test/quote-fixtures';
import { renderRoutes } from '@/test/render';
import { DashboardScreen, dashboardLoader } from './dashboard-screen';

const tasks: Task[] = [
  {
    id: 'email_verification',
    title: 'Verify your email',
    description: 'Enter the code we emailed you.',
    status: 'completed',
  },
  {
    id: 'has_contact_number',
    title: 'Add your mobile number',
    description: 'So we can reach you.',
    status: 'pending',
  },
  {
    id: 'has_identity_document',
    title: 'Verify your identity',
    description: 'Upload a passport or driving licence.',
    status: 'in_progress',
  },
  {
    id: 'has_address',
    title: 'Add your address',
    description: 'Where you live.',
    status: 'pending',
  },
  {
    id: 'recipient_created',
    title: 'Add a recipient',
    description: 'Who you send to.',
    status: 'pending',
  },
  {
    id: 'transaction_sent',
    title: 'Send your first transfer',
    description: 'It takes a minute.',
    status: 'pending',
  },
];

function renderDashboard(customer = onboardedCustomerFixture()) {
  setCustomer(customer);
  return renderRoutes([{ path: '/dashboard', Component: DashboardScreen }], '/dashboard');
}

function serveTasks(answer: () => Response) {
  const calls = { count: 0 };
  server.use(
    http.get('/client/v1/tasks', () => {
      calls.count += 1;
      return answer();
    }),
  );
  return calls;
}

const card = (title: string) => {
  const item = screen.getByRole('heading', { level: 3, name: new RegExp(title) }).closest('li');
  if (item === null) throw new Error(`No card for ${title}`);
  return within(item);
};

describe('DashboardScreen', () => {
  // The calculator prices a transfer as the dashboard opens.
  beforeEach(() => {
    server.use(http.get('/client/v1/quote', () => HttpResponse.json(quoteFixture())));
  });

  afterEach(async () => {
    await setLocale('en', { remember: false });
  });

  it('welcomes the customer by name', async () => {
    serveTasks(() => HttpResponse.json([]));
    renderDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome, Ada')).toBeInTheDocument();
    expect(await screen.findByText('You have nothing to do right now.')).toBeInTheDocument();
  });

  it('offers the calculator, keeping the tasks below it', async () => {
    serveTasks(() => HttpResponse.json(tasks));
    renderDashboard();
    const send = await screen.findByRole('region', { name: 'Send money' });
    const calculator = await within(send).findByRole('form', { name: 'Price a transfer' });
    expect(within(calculator).getByRole('textbox', { name: 'You send' })).toHaveValue('100.00');
    expect(within(calculator).getByRole('button', { name: 'Send money' })).toBeInTheDocument();
    const tasksSection = screen.getByRole('region', { name: 'Things to do' });
    expect(
      send.compareDocumentPosition(tasksSection) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(
      await within(tasksSection).findByRole('list', { name: 'Your tasks' }),
    ).toBeInTheDocument();
  });

  it('asks once for the tasks and once for the first quote, from the route loader', async () => {
    // Before: the loader's tasks were asked again as the screen mounted, and the first quote
    // waited for the screen to render before it was asked.
    const taskCalls = serveTasks(() => HttpResponse.json(tasks));
    let quoteCalls = 0;
    server.use(
      http.get('/client/v1/quote', () => {
        quoteCalls += 1;
        return HttpResponse.json(quoteFixture());
      }),
    );
    setCustomer(onboardedCustomerFixture());
    renderRoutes(
      [{ path: '/dashboard', Component: DashboardScreen, loader: dashboardLoader }],
      '/dashboard',
    );
    const calculator = await screen.findByRole('form', { name: 'Price a transfer' });
    expect(within(calculator).getByRole('textbox', { name: 'You send' })).toHaveValue('100.00');
    expect(await screen.findByRole('list', { name: 'Your tasks' })).toBeInTheDocument();
    expect(taskCalls.count).toBe(1);
    expect(quoteCalls).toBe(1);
  });

  it('says just "Welcome" when the customer has no name yet', async () => {
    serveTasks(() => HttpResponse.json([]));
    renderDashboard(customerFixture());
    expect(await screen.findByText('Welcome')).toBeInTheDocument();
  });

  it('lists the tasks with their status in words and links to where each is done', async () => {
    serveTasks(() => HttpResponse.json(tasks));
    renderDashboard();
    const list = await screen.findByRole('list', { name: 'Your tasks' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);

    expect(card('Verify your email').getByText('Done')).toBeInTheDocument();
    expect(card('Verify your email').queryByRole('link')).not.toBeInTheDocument();
    expect(card('Verify your identity').getByText('In progress')).toBeInTheDocument();

    const links: [string, string][] = [
      ['Add your mobile number', '/workflow/onboarding'],
      ['Verify your identity', '/account-verification'],
      ['Add your address', '/settings#address'],
      ['Add a recipient', '/recipients'],
      ['Send your first transfer', '/transactions'],
    ];
    for (const [title, href] of links) {
      expect(card(title).getByRole('link', { name: new RegExp(title) })).toHaveAttribute(
        'href',
        href,
      );
    }
    expect(card('Add a recipient').getByText('To do')).toBeInTheDocument();
  });

  it('defect 24: what is owed comes first; a done task is one line without instructions', async () => {
    // The server lists the done task first.
    serveTasks(() => HttpResponse.json(tasks));
    renderDashboard();
    const owed = await screen.findByRole('list', { name: 'Your tasks' });
    const done = screen.getByRole('list', { name: 'Done' });
    // Owed first, in the document and in the server's order.
    expect(owed.compareDocumentPosition(done) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      within(owed)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual([
      '1. Add your mobile number',
      '2. Verify your identity',
      '3. Add your address',
      '4. Add a recipient',
      '5. Send your first transfer',
    ]);
    const [doneTask, ...others] = within(done).getAllByRole('listitem');
    expect(others).toHaveLength(0);
    expect(doneTask).toHaveTextContent(/^Verify your emailDone$/);
    expect(screen.queryByText('Enter the code we emailed you.')).not.toBeInTheDocument();
  });

  it('says there is nothing to do when every task is done, and still lists them', async () => {
    serveTasks(() =>
      HttpResponse.json(tasks.map((task) => ({ ...task, status: 'completed' as const }))),
    );
    renderDashboard();
    expect(await screen.findByText('You have nothing to do right now.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Done' })).getAllByRole('listitem'),
    ).toHaveLength(6);
  });

  it('speaks Spanish', async () => {
    await setLocale('es', { remember: false });
    serveTasks(() => HttpResponse.json(tasks));
    renderDashboard();
    expect(await screen.findByText('Hola, Ada')).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Tus tareas' })).toBeInTheDocument();
    expect(card('Add a recipient').getByText('Pendiente')).toBeInTheDocument();
    expect(card('Add a recipient').getByRole('link', { name: /Empezar/ })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Enviar dinero' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Envías' })).toBeInTheDocument();
  });

  it('shows a failed load with a Retry that loads again', async () => {
    let fail = true;
    const calls = serveTasks(() =>
      fail
        ? // A 4xx: the query does not retry by itself, so the failure shows at once.
          HttpResponse.json({ message: 'This is not available right now.' }, { status: 403 })
        : HttpResponse.json(tasks.slice(0, 2)),
    );
    renderDashboard();
    expect(await screen.findByText('Your tasks could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('This is not available right now.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Your tasks' })).toBeInTheDocument();
    expect(calls.count).toBeGreaterThanOrEqual(2);
  });

  it('waits for one try of the route loader only, and asks again as the screen mounts', async () => {
    // The loader holds the screen until the tasks and the first quote are in (one paint, no
    // layout shift); with the query's retries it held it seconds longer for a 5xx. Now the
    // screen comes after the one failed try, and asks again itself under the list's skeleton.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let call = 0;
    server.use(
      http.get('/client/v1/tasks', async () => {
        call += 1;
        if (call === 1) return HttpResponse.json({ message: 'Server error' }, { status: 500 });
        await held;
        return HttpResponse.json(tasks);
      }),
      http.get('/client/v1/quote', () => HttpResponse.json(quoteFixture())),
    );
    setCustomer(onboardedCustomerFixture());
    renderRoutes(
      [{ path: '/dashboard', Component: DashboardScreen, loader: dashboardLoader }],
      '/dashboard',
    );
    expect(await screen.findByText('Loading your tasks')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Price a transfer' })).toBeInTheDocument();
    release();
    expect(await screen.findByRole('list', { name: 'Your tasks' })).toBeInTheDocument();
    expect(call).toBe(2);
  });
});
