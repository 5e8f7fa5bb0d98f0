import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { setCustomer } from '@/features/customers';
import { onboardedCustomerFixture } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { quoteFixture } from '@/test/quote-fixtures';
import { renderRoutes } from '@/test/render';
import { TransactionsScreen } from './transactions-screen';

describe('TransactionsScreen', () => {
  it('has its heading and the calculator to start a transfer', async () => {
    server.use(http.get('/client/v1/quote', () => HttpResponse.json(quoteFixture())));
    setCustomer(onboardedCustomerFixture());
    renderRoutes([{ path: '/transactions', Component: TransactionsScreen }], '/transactions');
    expect(screen.getByRole('heading', { level: 1, name: 'Transactions' })).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Price a transfer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send money' })).toBeInTheDocument();
  });
});
